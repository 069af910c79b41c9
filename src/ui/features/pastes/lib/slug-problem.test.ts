import { describe, expect, it } from 'vitest';
import { slugProblem } from './slug-problem';

describe('slugProblem', () => {
  it('accepts an empty slug and the allowed characters', () => {
    expect(slugProblem('')).toBeNull();
    expect(slugProblem('My_notes-2030')).toBeNull();
    expect(slugProblem('a'.repeat(50))).toBeNull();
  });

  it('reports each broken rule', () => {
    expect(slugProblem('a'.repeat(51))).toBe('length');
    expect(slugProblem('with space')).toBe('characters');
    expect(slugProblem('中文')).toBe('characters');
    expect(slugProblem('Admin')).toBe('reserved');
    expect(slugProblem('raw')).toBe('reserved');
  });
});
