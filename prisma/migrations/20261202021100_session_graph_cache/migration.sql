-- CreateTable
CREATE TABLE "session_graph_states" (
    "sessionId" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "generation" INTEGER NOT NULL DEFAULT 1,
    "currentVersion" INTEGER,
    "nextVersion" INTEGER NOT NULL DEFAULT 1,
    "config" JSONB NOT NULL DEFAULT '{}',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "session_graph_states_pkey" PRIMARY KEY ("sessionId")
);

-- CreateTable
CREATE TABLE "session_graph_versions" (
    "sessionId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "originKind" TEXT NOT NULL,
    "datasetId" TEXT,
    "revision" INTEGER,
    "fromVersion" INTEGER,
    "payload" BYTEA,
    "payloadFormat" TEXT,
    "payloadSha256" TEXT,
    "loadedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "session_graph_versions_pkey" PRIMARY KEY ("sessionId","version")
);

-- AddForeignKey
ALTER TABLE "session_graph_states" ADD CONSTRAINT "session_graph_states_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session_graph_versions" ADD CONSTRAINT "session_graph_versions_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "session_graph_states"("sessionId") ON DELETE CASCADE ON UPDATE CASCADE;
