import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * mail_outbox becomes mails: every mail keeps its rendered HTML and text, its language and template,
 * and the job that delivers it. Rows already in the outbox are carried over (as plain-text mails
 * without a job: `npm run mail:retry` queues the ones still pending).
 */
export class MailsThroughJobs1795454028649 implements MigrationInterface {
    name = 'MailsThroughJobs1795454028649'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "mails" ("id" uuid NOT NULL, "to_address" character varying(200) NOT NULL, "reply_to" character varying(200), "locale" character varying(2) NOT NULL, "template" character varying(40) NOT NULL, "subject" character varying(300) NOT NULL, "html" text NOT NULL, "text" text NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'PENDING', "attempts" integer NOT NULL DEFAULT '0', "last_error" text, "inquiry_id" uuid, "job_id" uuid, "locked_until" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_218248d7dfe1b739f06e2309349" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "ix_mails_status" ON "mails"  ("status", "updated_at") `);
        await queryRunner.query(`INSERT INTO "mails" ("id", "to_address", "reply_to", "locale", "template", "subject", "html", "text", "status", "attempts", "last_error", "inquiry_id", "created_at", "updated_at", "sent_at")
            SELECT o."id", o."to_address", o."reply_to", COALESCE(i."locale", 'nl'), 'plain-text', o."subject", '', o."text", o."status", o."attempts", o."last_error", o."inquiry_id", o."created_at", COALESCE(o."sent_at", o."next_attempt_at"), o."sent_at"
            FROM "mail_outbox" o LEFT JOIN "inquiries" i ON i."id" = o."inquiry_id"`);
        await queryRunner.query(`DROP INDEX "public"."ix_mail_outbox_due"`);
        await queryRunner.query(`DROP TABLE "mail_outbox"`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "mail_outbox" ("id" uuid NOT NULL, "to_address" character varying(200) NOT NULL, "reply_to" character varying(200), "subject" character varying(300) NOT NULL, "text" text NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'PENDING', "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_error" text, "inquiry_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_fecc63c96385bc35a39ccf2a72e" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "ix_mail_outbox_due" ON "mail_outbox"  ("status", "next_attempt_at") `);
        await queryRunner.query(`INSERT INTO "mail_outbox" ("id", "to_address", "reply_to", "subject", "text", "status", "attempts", "next_attempt_at", "last_error", "inquiry_id", "created_at", "sent_at")
            SELECT "id", "to_address", "reply_to", "subject", "text", CASE WHEN "status" = 'SENDING' THEN 'PENDING' ELSE "status" END, "attempts", "updated_at", "last_error", "inquiry_id", "created_at", "sent_at" FROM "mails"`);
        await queryRunner.query(`DROP INDEX "public"."ix_mails_status"`);
        await queryRunner.query(`DROP TABLE "mails"`);
    }

}
