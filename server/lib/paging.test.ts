import { describe, expect, it } from 'vitest';
import { pageInfo } from './paging.ts';

describe('pageInfo', () => {
  it('counts whole pages, the last one partial, and one empty page for an empty list', () => {
    expect(pageInfo(0, 1, 9)).toEqual({ totalPages: 1, currentPage: 1 });
    expect(pageInfo(9, 1, 9)).toEqual({ totalPages: 1, currentPage: 1 });
    expect(pageInfo(10, 2, 9)).toEqual({ totalPages: 2, currentPage: 2 });
  });

  it('reports a page past the end as it was asked for', () => {
    expect(pageInfo(5, 4, 2)).toEqual({ totalPages: 3, currentPage: 4 });
  });
});
