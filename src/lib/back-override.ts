import { useSelector } from '@tanstack/react-store';
import { Store } from '@tanstack/store';
import { useEffect } from 'react';

/**
 * A multi-step screen inside the shell registers its step setter here; the header's back button
 * then steps back within the flow instead of leaving the page (spec "Header"). Boxed: a Store
 * treats a bare function as a getter.
 */
const override = new Store<{ handler: (() => void) | null }>({ handler: null });

/** While mounted with a function, the header's back button calls it. */
export function useBackOverride(onBack: (() => void) | undefined): void {
  useEffect(() => {
    if (!onBack) return;
    override.setState(() => ({ handler: onBack }));
    return () => {
      if (override.state.handler === onBack) override.setState(() => ({ handler: null }));
    };
  }, [onBack]);
}

export function useBackOverrideHandler(): (() => void) | null {
  return useSelector(override, (state) => state.handler);
}
