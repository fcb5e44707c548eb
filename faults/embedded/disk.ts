// A small file system of the test's own for DATA_DIR, and a file that fills it. tmpfs when mounting is permitted
// (root); else an ext4 image on a loop device. Both are undone by `unmount`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type SmallDisk = { dir: string; unmount: () => void };

export function mountSmallDisk(dir: string, megabytes: number): SmallDisk {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}M`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch {
    const image = `${dir}.img`;
    execFileSync('truncate', ['-s', `${megabytes}M`, image]);
    execFileSync('mkfs.ext4', ['-q', '-F', image], { stdio: 'pipe' });
    execFileSync('mount', ['-o', 'loop', image, dir], { stdio: 'pipe' });
  }
  return {
    dir,
    unmount: () => {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      fs.rmSync(`${dir}.img`, { force: true });
    },
  };
}

/** Writes `file` until the disk refuses a single 4 KB block; answers the bytes written. */
export function fillDisk(file: string): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  try {
    for (const size of [1024 * 1024, 64 * 1024, 4096]) {
      const block = Buffer.alloc(size, 1);
      for (;;) {
        try {
          written += fs.writeSync(fd, block);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return written;
}

export const pathIn = (disk: SmallDisk, ...parts: string[]) => path.join(disk.dir, ...parts);
