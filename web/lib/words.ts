// Counted nouns: "1 post", "2 posts", "1 reply", "3 replies".
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
