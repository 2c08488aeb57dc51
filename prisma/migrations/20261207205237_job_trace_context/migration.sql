-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "traceContext" JSONB;
