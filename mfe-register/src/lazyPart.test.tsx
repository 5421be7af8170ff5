import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPart, PART_FAILED_MESSAGE } from './lazyPart';

/** A part whose chunk arrives when the test says so. */
function controlledPart() {
  let deliver!: (component: (props: { name: string }) => React.ReactElement) => void;
  let refuse!: (error: Error) => void;
  const arrival = new Promise<(props: { name: string }) => React.ReactElement>((resolve, reject) => {
    deliver = resolve;
    refuse = reject;
  });
  const Part = lazyPart(() => arrival);
  return { Part, deliver, refuse };
}

describe('lazyPart: a part of the register fetched apart', () => {
  it('shows a spinner until its chunk arrives, then the part with its props; once there, it renders at once', async () => {
    const { Part, deliver } = controlledPart();
    const first = render(<Part name="Clôture" />);
    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => deliver(({ name }) => <h2>{name}</h2>));
    expect(screen.getByRole('heading', { name: 'Clôture' })).toBeTruthy();
    first.unmount();

    render(<Part name="Clôtures précédentes" />);
    expect(screen.getByRole('heading', { name: 'Clôtures précédentes' })).toBeTruthy();
  });

  it('says in French when its chunk cannot be fetched (no network), and asks again next time', async () => {
    const { Part, refuse } = controlledPart();
    render(<Part name="x" />);
    await act(async () => refuse(new Error('offline')));
    expect(screen.getByText(PART_FAILED_MESSAGE)).toBeTruthy();
    await expect(Part.preload()).rejects.toThrow('offline');
  });
});
