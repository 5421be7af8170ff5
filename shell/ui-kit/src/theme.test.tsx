import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY, readTheme, useTheme } from './theme';

function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  return <button onClick={toggleTheme}>{theme}</button>;
}

const prefersDark = (dark: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query.includes('dark'), media: query }));

describe('theme', () => {
  it("follows the system's preference until the user chooses", () => {
    prefersDark(true);
    expect(readTheme()).toBe('dark');
    prefersDark(false);
    expect(readTheme()).toBe('light');
  });

  it('applies the chosen theme to the page and keeps it for the next visit', () => {
    prefersDark(false);
    const first = render(<ThemeToggle />);
    expect(document.documentElement.dataset.theme).toBe('light');

    act(() => screen.getByRole('button').click());
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    first.unmount();
    render(<ThemeToggle />);
    expect(screen.getByRole('button').textContent).toBe('dark');
  });

  it('keeps a light choice even when the system prefers dark', () => {
    prefersDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(readTheme()).toBe('light');
  });
});
