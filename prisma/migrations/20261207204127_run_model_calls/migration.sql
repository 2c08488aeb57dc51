-- CreateTable
CREATE TABLE "run_model_calls" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "executionGeneration" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3) NOT NULL,
    "inputTokens" INTEGER NOT NULL,
    "outputTokens" INTEGER NOT NULL,

    CONSTRAINT "run_model_calls_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "run_model_calls_runId_startedAt_idx" ON "run_model_calls"("runId", "startedAt");

-- CreateIndex
CREATE INDEX "run_model_calls_projectId_startedAt_idx" ON "run_model_calls"("projectId", "startedAt");

-- AddForeignKey
ALTER TABLE "run_model_calls" ADD CONSTRAINT "run_model_calls_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_model_calls" ADD CONSTRAINT "run_model_calls_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_model_calls" ADD CONSTRAINT "run_model_calls_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
