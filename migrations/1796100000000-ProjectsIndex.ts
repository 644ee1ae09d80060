import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The search finds a project through its units in a second arm that looks at projects only: without an index of
 * them it read every top-level listing of the transaction (14,000 rows of a 50,000-listing catalogue) to find the few
 * projects (issue 22).
 */
export class ProjectsIndex1796100000000 implements MigrationInterface {
    name = 'ProjectsIndex1796100000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE INDEX "ix_estates_projects" ON "estates"  ("for_rent") WHERE "is_project" AND "parent_id" IS NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."ix_estates_projects"`);
    }

}
