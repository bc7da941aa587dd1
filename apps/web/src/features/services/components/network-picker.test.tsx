import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NetworkPicker } from './network-picker';

const OPTIONS = [
  { value: 'mtn', label: 'MTN' },
  { value: 'glo', label: 'Glo' },
  { value: 'airtel', label: 'Airtel' },
  { value: '9mobile', label: '9mobile' },
  { value: 'glo-sme', label: 'Glo SME' },
] as const;

/** The network whose mark a button wears, or null. */
function markOn(name: string): string | null {
  const marks = screen.getByRole('button', { name }).querySelectorAll('svg[data-network-mark]');
  expect(marks.length).toBeLessThanOrEqual(1);
  return marks[0]?.getAttribute('data-network-mark') ?? null;
}

describe('the network picker', () => {
  it('shows each network with its mark, a variant with its parent’s, and names the button by its label alone', () => {
    render(<NetworkPicker options={OPTIONS} value={null} onChange={() => {}} guessed={false} />);
    expect(markOn('MTN')).toBe('mtn');
    expect(markOn('Glo')).toBe('glo');
    expect(markOn('Airtel')).toBe('airtel');
    expect(markOn('9mobile')).toBe('9mobile');
    expect(markOn('Glo SME')).toBe('glo');
    // The mark is drawn here, hidden from screen readers, and fetches nothing.
    const mark = screen.getByRole('button', { name: 'MTN' }).querySelector('svg')!;
    expect(mark.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelectorAll('img, image')).toHaveLength(0);
  });

  it('leaves an option it has no mark for as text, and says when the network was guessed', () => {
    const onChange = vi.fn();
    render(
      <NetworkPicker
        options={[...OPTIONS, { value: 'smile', label: 'Smile' }]}
        value="glo"
        onChange={onChange}
        guessed
      />,
    );
    expect(markOn('Smile')).toBeNull();
    expect(screen.getByRole('button', { name: 'Glo', pressed: true })).toBeTruthy();
    expect(screen.getByText(/Guessed from the number/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Airtel' }));
    expect(onChange).toHaveBeenCalledWith('airtel');
  });
});
