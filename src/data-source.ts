/** The data source of the TypeORM CLI (`npm run migration:*`, see scripts/typeorm-cli.mjs). */
export { default } from './database/cli-data-source.js';
