-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "offeredSkills" JSONB;

-- AlterTable
ALTER TABLE "skills" ADD COLUMN     "checksum" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "proposedByRunId" TEXT,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;
