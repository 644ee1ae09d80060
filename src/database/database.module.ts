import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config.js';
import { EmbeddedPostgres } from './embedded-postgres.js';
import { prepareSchema } from './migration-state.js';
import { typeOrmOptions } from './typeorm-options.js';

/** Where the database is: the configured server, or an embedded one started for this process. */
@Injectable()
export class DatabaseLocation implements OnApplicationShutdown {
  private embedded?: EmbeddedPostgres;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  async url(): Promise<string> {
    if (this.config.DATABASE_URL) return this.config.DATABASE_URL;
    this.embedded ??= await EmbeddedPostgres.start(this.config.DATA_DIR);
    return this.embedded.url;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.embedded?.stop();
    this.embedded = undefined;
  }
}

/** Options objects of embedded databases; @nestjs/typeorm hands the same object to dataSourceFactory. */
const embeddedOptions = new WeakSet<object>();

@Global()
@Module({ providers: [DatabaseLocation], exports: [DatabaseLocation] })
class DatabaseLocationModule {}

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      imports: [DatabaseLocationModule],
      inject: [AppConfig, DatabaseLocation],
      useFactory: async (config: AppConfig, location: DatabaseLocation) => {
        const options = { ...typeOrmOptions(await location.url(), config.embeddedDatabase), retryAttempts: 0 };
        if (config.embeddedDatabase) embeddedOptions.add(options);
        return options;
      },
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        try {
          await prepareSchema(dataSource, embeddedOptions.has(options!));
        } catch (error) {
          await dataSource.destroy();
          throw error;
        }
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
