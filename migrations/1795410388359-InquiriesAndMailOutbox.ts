import { MigrationInterface, QueryRunner } from "typeorm";

export class InquiriesAndMailOutbox1795410388359 implements MigrationInterface {
    name = 'InquiriesAndMailOutbox1795410388359'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "inquiries" ("id" uuid NOT NULL, "kind" character varying(20) NOT NULL, "estate_id" integer NOT NULL, "locale" character varying(2) NOT NULL, "name" character varying(100) NOT NULL, "email" character varying(200) NOT NULL, "phone" character varying(40), "message" text NOT NULL, "friend_name" character varying(100), "friend_email" character varying(200), "privacy_consent" boolean NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ceacaa439988b25eb9459e694d9" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "ix_inquiries_estate" ON "inquiries"  ("estate_id") `);
        await queryRunner.query(`CREATE TABLE "mail_outbox" ("id" uuid NOT NULL, "to_address" character varying(200) NOT NULL, "reply_to" character varying(200), "subject" character varying(300) NOT NULL, "text" text NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'PENDING', "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_error" text, "inquiry_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_fecc63c96385bc35a39ccf2a72e" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "ix_mail_outbox_due" ON "mail_outbox"  ("status", "next_attempt_at") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."ix_mail_outbox_due"`);
        await queryRunner.query(`DROP TABLE "mail_outbox"`);
        await queryRunner.query(`DROP INDEX "public"."ix_inquiries_estate"`);
        await queryRunner.query(`DROP TABLE "inquiries"`);
    }

}
