import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Issue 35: a remote photo's proxy path names it by a fixed-length key (a hash of its URL) instead of the URL itself
 * in base64, which made any URL over ~75 characters a 414. The sync stores each key's URL here with the listing that
 * shows it; the proxy looks it up. Only added: the previous release ignores the table and keeps serving its own paths.
 */
export class PhotoOriginals1796300000000 implements MigrationInterface {
    name = 'PhotoOriginals1796300000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "photo_originals" ("key" character varying(32) NOT NULL, "url" text NOT NULL, "stored_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_photo_originals" PRIMARY KEY ("key"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "photo_originals"`);
    }

}
