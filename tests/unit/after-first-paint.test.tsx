import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePartsAfterFirstPaint } from '../../src/lib/use-after-first-paint';

function Parts({ label }: { label: string }) {
  const shown = usePartsAfterFirstPaint(3);
  return <p>{`${label}: ${shown}`}</p>;
}

// Decision 0024: what is below the fold is built after the app's first paint, one part per frame,
// and only at the start: a screen mounted later shows everything in its first render.
describe('parts after the first paint', () => {
  it("the app's first screen renders none, then one more per frame; a later mount renders all at once", async () => {
    const first = render(<Parts label="start" />);
    expect(screen.getByText('start: 0')).toBeInTheDocument();
    expect(await screen.findByText('start: 1')).toBeInTheDocument();
    expect(await screen.findByText('start: 3')).toBeInTheDocument();
    first.unmount();

    render(<Parts label="later" />);
    expect(screen.getByText('later: 3')).toBeInTheDocument();
  });
});
