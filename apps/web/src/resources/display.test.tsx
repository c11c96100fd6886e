// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { f } from '@paco/domain/fields';
import { ValueView } from './display';

afterEach(cleanup);

describe('ValueView of a URL field', () => {
  const field = f.url({ label: 'Site' });
  it('links http(s), mailto and tel addresses', () => {
    for (const url of ['https://vilaserena.mg.gov.br', 'mailto:ouvidoria@vilaserena.mg.gov.br', 'tel:+553133334444']) {
      render(<ValueView field={field} name="site" row={{ site: url }} />);
      expect(screen.getByRole('link', { name: url }).getAttribute('href')).toBe(url);
      cleanup();
    }
  });

  it('shows any other stored value as plain text, never as a link', () => {
    for (const url of ['javascript:alert(1)', ' JavaScript:alert(document.cookie)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vilaserena.mg.gov.br']) {
      const { container } = render(<ValueView field={field} name="site" row={{ site: url }} />);
      expect(screen.queryByRole('link')).toBeNull();
      expect(container.querySelector('a')).toBeNull();
      expect(container.textContent).toBe(url);
      cleanup();
    }
  });
});

describe('ValueView of a JSON field', () => {
  it('shows the value in a region the keyboard reaches (it scrolls when long), named by the field', () => {
    const field = f.json({ label: 'Dados' });
    render(<ValueView field={field} name="dados" row={{ dados: { antes: { nome: 'A'.repeat(500) }, depois: null } }} />);
    const region = screen.getByRole('region', { name: 'Dados' });
    expect(region.tagName).toBe('PRE');
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.textContent).toContain('"depois": null');
  });
});
