import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config.js';
import { DatabaseLocationService } from './database-location.service.js';

/** What each topic carries. `estates`: ids whose pages changed (rows inserted, updated or removed, and their projects). */
export interface ChangeTopics {
  estates: { readonly ids: readonly number[] };
  settings: { readonly key: string };
  /** Holiday units whose availability changed (an iCal import): their pages show other days booked. */
  holiday: { readonly unitIds: readonly number[] };
}

export type ChangeTopic = keyof ChangeTopics;

interface ChangeMessage {
  readonly topic: string;
  readonly payload: unknown;
  /** The ChangeFeedService that published it, so it does not deliver its own message twice. */
  readonly origin: string;
}

export const CHANGE_CHANNEL = 'immo_changes';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7_900;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export class ChangePayloadTooLargeError extends Error {
  override readonly name = 'ChangePayloadTooLargeError';
}

/**
 * Tells every replica what changed, so caches drop exactly that. Always delivered in this process;
 * on the embedded database to every app of the process that shares it (it has no other clients);
 * on PostgreSQL also to the other replicas through LISTEN/NOTIFY on a connection of its own.
 *
 * A replica that lost that connection may have missed changes: its `onResync` listeners run once
 * it is back, and should drop everything they cached.
 */
@Injectable()
export class ChangeFeedService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ChangeFeedService.name);
  private readonly origin = randomUUID();
  private readonly local = new EventEmitter();
  private bus?: EventEmitter;
  private readonly busListener = (message: ChangeMessage) => this.deliver(message);
  private listener?: pg.Client;
  private reconnectTimer?: NodeJS.Timeout;
  private reconnectDelay = RECONNECT_MIN_MS;
  private closed = false;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(DatabaseLocationService) private readonly location: DatabaseLocationService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.local.setMaxListeners(0);
  }

  async onModuleInit(): Promise<void> {
    const embedded = await this.location.embeddedDatabase();
    if (embedded) {
      this.bus = embedded.changes;
      this.bus.on('change', this.busListener);
      return;
    }
    // Not fatal when it fails: pages work without it; it keeps retrying in the background.
    await this.connect().catch(() => this.scheduleReconnect());
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.bus?.off('change', this.busListener);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    this.local.removeAllListeners();
  }

  /** Delivers `payload` to the subscribers of `topic` in this process now, and to the other replicas. */
  async publish<T extends ChangeTopic>(topic: T, payload: ChangeTopics[T]): Promise<void> {
    const message: ChangeMessage = { topic, payload, origin: this.origin };
    if (this.bus) {
      this.bus.emit('change', message);
      return;
    }
    const text = JSON.stringify(message);
    if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) {
      throw new ChangePayloadTooLargeError(`change on ${topic} is ${Buffer.byteLength(text)} bytes; publish it in parts`);
    }
    this.deliver(message);
    await this.dataSource.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, text]);
  }

  /** Calls `listener` with each change on `topic`; returns the unsubscribe function. */
  subscribe<T extends ChangeTopic>(topic: T, listener: (payload: ChangeTopics[T]) => void): () => void {
    const wrapped = (payload: ChangeTopics[T]) => {
      try {
        listener(payload);
      } catch (error) {
        this.logger.error(`change listener on ${topic} failed: ${String(error)}`);
      }
    };
    this.local.on(`topic:${topic}`, wrapped);
    return () => this.local.off(`topic:${topic}`, wrapped);
  }

  /**
   * Calls `listener` on any change of `topics`, and when changes may have been missed (resync): for what is derived
   * from those topics as a whole. Returns one function that stops it all.
   */
  follow(topics: readonly ChangeTopic[], listener: () => void): () => void {
    const stops = [...topics.map((topic) => this.subscribe(topic, listener)), this.onResync(listener)];
    return () => {
      for (const stop of stops) stop();
    };
  }

  /** Calls `listener` when changes may have been missed (the LISTEN connection was lost and is back). */
  onResync(listener: () => void): () => void {
    this.local.on('resync', listener);
    return () => this.local.off('resync', listener);
  }

  private deliver(message: ChangeMessage): void {
    this.local.emit(`topic:${message.topic}`, message.payload);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.config.DATABASE_URL,
      connectionTimeoutMillis: this.config.DATABASE_CONNECT_TIMEOUT_MS,
      keepAlive: true,
      application_name: 'immo-change-feed',
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (notification) => {
      if (notification.channel !== CHANGE_CHANNEL || !notification.payload) return;
      try {
        const message = JSON.parse(notification.payload) as ChangeMessage;
        if (message.origin !== this.origin) this.deliver(message);
      } catch {
        this.logger.warn(`unreadable change notification: ${notification.payload.slice(0, 200)}`);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners();
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    const reconnected = this.reconnectDelay > RECONNECT_MIN_MS || this.listener !== undefined;
    this.listener = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
    if (reconnected) this.local.emit('resync');
  }

  private lost(client: pg.Client): void {
    if (this.closed || this.listener !== client) return;
    this.listener = undefined;
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    this.logger.warn('change feed connection lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().catch(() => this.scheduleReconnect());
    }, delay);
    this.reconnectTimer.unref();
  }
}
