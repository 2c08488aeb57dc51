-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "plan" JSONB,
ADD COLUMN     "reasoning" TEXT NOT NULL DEFAULT '';
