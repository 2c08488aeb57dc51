-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "budget" JSONB,
ADD COLUMN     "budgetUsed" JSONB,
ADD COLUMN     "stopReason" TEXT;
