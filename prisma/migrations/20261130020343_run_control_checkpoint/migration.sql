-- AlterTable
ALTER TABLE "approvals" ADD COLUMN     "inputSchema" JSONB;

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "checkpoint" JSONB,
ADD COLUMN     "lastEventSeq" INTEGER NOT NULL DEFAULT -1;
