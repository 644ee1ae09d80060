import { MigrationInterface, QueryRunner } from "typeorm";

export class Subscriptions1795800000000 implements MigrationInterface {
    name = 'Subscriptions1795800000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "listing_events" ("id" SERIAL NOT NULL, "estate_id" integer NOT NULL, "kind" character varying(8) NOT NULL, "old_price" numeric(14,2), "new_price" numeric(14,2), "old_status" character varying(16), "new_status" character varying(16), "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_listing_events" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "ix_listing_events_occurred" ON "listing_events"  ("occurred_at") `);
        await queryRunner.query(`CREATE INDEX "ix_listing_events_estate" ON "listing_events"  ("estate_id", "occurred_at") `);
        await queryRunner.query(`CREATE TABLE "subscription_deliveries" ("subscription_id" uuid NOT NULL, "event_id" integer NOT NULL, "mail_id" uuid NOT NULL, "delivered_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_subscription_deliveries" PRIMARY KEY ("subscription_id", "event_id"))`);
        await queryRunner.query(`CREATE TABLE "subscriptions" ("id" uuid NOT NULL, "email" character varying(200), "name" character varying(100), "locale" character varying(2) NOT NULL, "criteria" jsonb NOT NULL, "frequency" character varying(10) NOT NULL DEFAULT 'daily', "status" character varying(16) NOT NULL DEFAULT 'unconfirmed', "expires_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "confirmed_at" TIMESTAMP WITH TIME ZONE, "unsubscribed_at" TIMESTAMP WITH TIME ZONE, "anonymized_at" TIMESTAMP WITH TIME ZONE, "last_digest_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_a87248d73155605cf782be9ee5e" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "ix_subscriptions_status" ON "subscriptions"  ("status", "created_at") `);
        await queryRunner.query(`CREATE INDEX "ix_subscriptions_email" ON "subscriptions"  ("email") `);
        await queryRunner.query(`CREATE TABLE "subscription_tokens" ("token_hash" character(64) NOT NULL, "subscription_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_subscription_tokens" PRIMARY KEY ("token_hash"))`);
        await queryRunner.query(`CREATE INDEX "ix_subscription_tokens_subscription" ON "subscription_tokens"  ("subscription_id") `);
        await queryRunner.query(`ALTER TABLE "mails" ADD "headers" jsonb`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "mails" DROP COLUMN "headers"`);
        await queryRunner.query(`DROP INDEX "public"."ix_subscription_tokens_subscription"`);
        await queryRunner.query(`DROP TABLE "subscription_tokens"`);
        await queryRunner.query(`DROP INDEX "public"."ix_subscriptions_email"`);
        await queryRunner.query(`DROP INDEX "public"."ix_subscriptions_status"`);
        await queryRunner.query(`DROP TABLE "subscriptions"`);
        await queryRunner.query(`DROP TABLE "subscription_deliveries"`);
        await queryRunner.query(`DROP INDEX "public"."ix_listing_events_estate"`);
        await queryRunner.query(`DROP INDEX "public"."ix_listing_events_occurred"`);
        await queryRunner.query(`DROP TABLE "listing_events"`);
    }

}
