// The HTTP benches' baseline: a hello-world Fastify server, run as its own process with the app's Node flags and
// measured in the same run at the same connection count as the app. What the app serves, divided by what this serves,
// is a figure about the code that holds on a faster or a slower machine (bench/baseline.ts).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
