import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { prefixQuery } from './text-search.ts';

const rendered = (text: string) => {
  const query = prefixQuery(text);
  return query && new PgDialect().sqlToQuery(query);
};

describe('prefixQuery', () => {
  it('makes every word a prefix term, sent as a parameter', () => {
    expect(rendered('Anx CB')).toMatchObject({ sql: "to_tsquery('english', $1)", params: ['anx:* & cb:*'] });
  });

  it('keeps only letters and digits, so to_tsquery operators cannot get in', () => {
    expect(rendered("trauma & !(x | 'y'):* <-> é2")?.params).toEqual(['trauma:* & x:* & y:* & é2:*']);
    expect(rendered(" & | ! ( ' :* ) ")).toBeNull();
  });

  it('caps the number of words and their length', () => {
    const [terms] = rendered(`${'a'.repeat(80)} ${Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')}`)!.params as string[];
    expect(terms.split(' & ')).toHaveLength(10);
    expect(terms.split(' & ')[0]).toBe(`${'a'.repeat(50)}:*`);
  });
});
