import { readFileSync } from 'node:fs';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrandMark } from './brand-mark';

const shapesOf = (root: Element) =>
  [...root.children].map((shape) =>
    [shape.tagName.toLowerCase(), ...[...shape.attributes].map((a) => `${a.name}=${a.value}`).sort()].join(' '),
  );
const parse = (markup: string) => new DOMParser().parseFromString(markup, 'text/html').querySelector('svg');

describe('the brand mark', () => {
  it('draws the shapes of the favicon and of the static frame in index.html', () => {
    const { container } = render(<BrandMark />);
    const mark = container.querySelector('svg');
    const favicon = parse(readFileSync('public/icon.svg', 'utf8'));
    const frame = parse(readFileSync('index.html', 'utf8'));
    if (mark === null || favicon === null || frame === null) throw new Error('an svg is missing');
    expect(shapesOf(mark)).toEqual(shapesOf(favicon));
    expect(shapesOf(mark)).toEqual(shapesOf(frame));
  });
});
