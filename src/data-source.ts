import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { typeOrmOptions } from './database/typeorm-options.js';

/**
 * The data source of the TypeORM CLI (`npm run migration:*`). scripts/typeorm-cli.mjs sets
 * DATABASE_URL, pointing at the embedded database it serves when none was given.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set: run the CLI through `npm run migration:<command>`.');

export default new DataSource(typeOrmOptions(url, process.env.IMMO_EMBEDDED_DATABASE === '1'));
