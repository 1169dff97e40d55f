/**
 * A setup file of both vitest projects (vitest.config.ts): after each test file, the folders its
 * tests made with tempDir go. Registered before the file's own hooks, it runs after them (vitest
 * runs afterAll hooks as a stack), so servers and processes writing into a folder have stopped.
 */
import { afterAll } from 'vitest';
import { removeTempDirs } from '../temp-dir.ts';

afterAll(removeTempDirs);
