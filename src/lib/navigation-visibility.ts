import { useSelector } from '@tanstack/react-store';
import { Store } from '@tanstack/store';
import { useEffect } from 'react';

/** The shared hide-navigation flag: any screen may hide the tab bar while e.g. a sheet is open. */
const hiders = new Store(0);

/** While `hidden` is true (and the caller is mounted) the bottom tab bar is hidden. */
export function useHideNavigation(hidden: boolean): void {
  useEffect(() => {
    if (!hidden) return;
    hiders.setState((count) => count + 1);
    return () => hiders.setState((count) => count - 1);
  }, [hidden]);
}

export function useNavigationHidden(): boolean {
  return useSelector(hiders, (count) => count > 0);
}
