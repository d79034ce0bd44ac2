/**
 * Set up for every integration test file: the download helpers' cleanups run
 * after each test, whichever file first loaded the helpers.
 */
import { afterEach } from 'vitest';
import { runCleanups } from '../helpers/downloads';

afterEach(runCleanups);
