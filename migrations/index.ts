import { Initial1795387277224 } from './1795387277224-Initial.js';

/** Every migration in order; a newly generated migration is added at the end. */
export const MIGRATIONS = [Initial1795387277224];
