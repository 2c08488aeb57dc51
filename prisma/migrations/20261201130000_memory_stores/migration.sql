-- CreateEnum
CREATE TYPE "KnowledgeStatus" AS ENUM ('active', 'proposed', 'discarded');

-- AlterTable
ALTER TABLE "knowledge" ADD COLUMN     "lastUsedAt" TIMESTAMP(3),
ADD COLUMN     "searchVector" tsvector,
ADD COLUMN     "status" "KnowledgeStatus" NOT NULL DEFAULT 'active',
ADD COLUMN     "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "useCount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "memories" ADD COLUMN     "lastUsedAt" TIMESTAMP(3),
ADD COLUMN     "origin" TEXT NOT NULL DEFAULT 'manual',
ADD COLUMN     "subject" TEXT,
ADD COLUMN     "supersededAt" TIMESTAMP(3),
ADD COLUMN     "supersededById" TEXT,
ADD COLUMN     "useCount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "memoriesUsed" JSONB;

-- CreateTable
CREATE TABLE "memory_evictions" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "store" TEXT NOT NULL,
    "recordId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "evictedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "memory_evictions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "memory_evictions_ownerId_evictedAt_idx" ON "memory_evictions"("ownerId", "evictedAt");

-- CreateIndex
CREATE INDEX "knowledge_searchVector_idx" ON "knowledge" USING GIN ("searchVector");

