-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "toolCallId" TEXT;
