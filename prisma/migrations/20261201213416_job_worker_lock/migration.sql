-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "workerLockKey" INTEGER;
