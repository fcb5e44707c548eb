import { benchDatabase, seedForum, seedTherapists, seedResources } from '/work/main/bench/lib.ts';
const { db, close } = await benchDatabase('thera_bench_forum');
await seedTherapists(db, 10_000);
await seedForum(db, { communities: 2_000, posts: 1_000_000, comments: 3_000_000 });
await seedResources(db, 50_000);
await close();
console.log('seeded');
