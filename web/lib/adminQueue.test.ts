import { describe, expect, it } from 'vitest';
import { adminWaiting, firstQueueWithWork } from './adminQueue.ts';

const none = { verifications: 0, nameChanges: 0, reports: 0, resources: 0 };

describe('the administrators\' queues', () => {
  it('/admin opens the first queue with work: licences (and name changes), then reports, then resources', () => {
    expect(firstQueueWithWork({ ...none, verifications: 1, reports: 3, resources: 2 })).toBe('/admin/verifications');
    expect(firstQueueWithWork({ ...none, nameChanges: 1, reports: 3 })).toBe('/admin/verifications');
    expect(firstQueueWithWork({ ...none, reports: 3, resources: 2 })).toBe('/admin/reports');
    expect(firstQueueWithWork({ ...none, resources: 2 })).toBe('/admin/resources');
    // Nothing waiting, or the counts not read: the licence queue, never the resources.
    expect(firstQueueWithWork(none)).toBe('/admin/verifications');
    expect(firstQueueWithWork(undefined)).toBe('/admin/verifications');
  });

  it('the Admin item counts everything waiting', () => {
    expect(adminWaiting({ verifications: 2, nameChanges: 1, reports: 3, resources: 4 })).toBe(10);
    expect(adminWaiting(undefined)).toBe(0);
  });
});
