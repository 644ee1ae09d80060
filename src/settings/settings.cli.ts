import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type AppConfig, loadConfig } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import {
  initialSettings,
  isSettingName,
  parseSetting,
  type ResolvedSetting,
  SETTING_NAMES,
  SETTINGS,
  type SettingDefinition,
  type SettingName,
  type SiteSettings,
} from './setting-definitions.js';
import { SettingsModule } from './settings.module.js';
import { SettingsService } from './settings.service.js';
import { terminalSafeOutput } from '../runtime/cli.js';

@Module({})
class SettingsCliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: SettingsCliModule, imports: [ConfigModule.forRoot(config), DatabaseModule, SettingsModule] };
  }
}

const USAGE = 'usage: npm run settings -- list | set <name> <value> | unset <name>';

/** Exit codes: 0 done, 1 the database or the configuration failed, 2 a wrong command, name or value. */
const EXIT_USAGE = 2;

interface SettingsCliOutput {
  log(line: string): void;
  error(line: string): void;
}

type Command = { readonly kind: 'list' } | { readonly kind: 'set'; readonly name: SettingName; readonly value: SiteSettings[SettingName] } | { readonly kind: 'unset'; readonly name: SettingName };

class UsageError extends Error {
  override readonly name = 'UsageError';
}

function settingName(name: string): SettingName {
  if (isSettingName(name)) return name;
  throw new UsageError(`unknown setting ${JSON.stringify(name)}; the settings are ${SETTING_NAMES.join(', ')}`);
}

/** The command in the arguments, with its value parsed and checked; a UsageError before anything is opened. */
export function commandFrom(args: readonly string[]): Command {
  const [verb, name, value, ...rest] = args;
  if (verb === 'list' && args.length === 1) return { kind: 'list' };
  if ((verb === 'set' || verb === 'unset') && name !== undefined) {
    const setting = settingName(name);
    if (verb === 'unset' && value === undefined) return { kind: 'unset', name: setting };
    if (verb === 'set' && value !== undefined && rest.length === 0) {
      const parsed = parseSetting(setting, value);
      if ('error' in parsed) throw new UsageError(parsed.error);
      return { kind: 'set', name: setting, value: parsed.value };
    }
  }
  throw new UsageError(USAGE);
}

function formatted<K extends SettingName>(name: K, value: ResolvedSetting<K>['value']): string {
  const definition: SettingDefinition<typeof value> = SETTINGS[name];
  return definition.format(value) || '(none)';
}

function linesOf(setting: ResolvedSetting): string[] {
  const { name, value, source } = setting;
  const definition = SETTINGS[name];
  const from = source === 'environment' ? `environment ${definition.env}` : source;
  return [`${name} = ${formatted(name, value)}   (${from})`, `  ${definition.description}`, `  allowed: ${definition.allowed}`];
}

async function run(command: Command, settings: SettingsService, out: SettingsCliOutput): Promise<void> {
  if (command.kind === 'set') {
    await settings.set(command.name, command.value);
  } else if (command.kind === 'unset' && !(await settings.unset(command.name))) {
    out.log(`${command.name} was not set in the database`);
  }
  const resolved = await settings.resolved();
  const shown = command.kind === 'list' ? resolved : resolved.filter((setting) => setting.name === command.name);
  out.log(shown.flatMap(linesOf).join('\n'));
}

/**
 * `npm run settings -- list | set <name> <value> | unset <name>`: shows and changes the agency's settings. A change
 * reaches every running replica through the change feed (with DATABASE_URL); on the embedded database run it while
 * the site is stopped (one process per data directory), which reads the change when it starts.
 */
export async function runSettingsCli(args: readonly string[], env: NodeJS.ProcessEnv = process.env, rawOut: SettingsCliOutput = console): Promise<number> {
  // A setting's value may hold anything an operator pasted: shown, its escape sequences not obeyed.
  const out = terminalSafeOutput(rawOut);
  let command: Command;
  try {
    command = commandFrom(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out.error(error.message);
    return EXIT_USAGE;
  }
  try {
    const config = loadConfig(env);
    initialSettings(config);
    // No log lines: the operator reads the settings, and a failure is printed below as its message alone.
    const app = await NestFactory.createApplicationContext(SettingsCliModule.forRoot(config), { logger: false, abortOnError: false });
    try {
      await run(command, app.get(SettingsService), out);
    } finally {
      await app.close();
    }
    return 0;
  } catch (error) {
    out.error(`settings failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (require.main === module) {
  void runSettingsCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
