// Loaded into a test's node with --import, never in service: asked over the IPC channel, the node runs a full
// collection and answers what its heap and buffers still hold. Resident memory cannot tell what a node retains from
// the young generation it happens to have touched (decision 0102), so a bound on buffering is checked on this.
process.on('message', (request) => {
  if (request !== 'heap') return;
  // Twice: buffers released by the first collection's finalizers are only freed by the next.
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, external } = process.memoryUsage();
  process.send?.({ heapUsed, external });
});
// The channel must not keep the node alive (a SIGTERM test may use this node too).
process.channel?.unref();
