"use client";

import type { ReactNode } from "react";
import { CurrentProjectProvider } from "../projects/current-project-provider";
import { ProjectSwitcher } from "../projects/project-switcher";
import { SidebarNavigation } from "./sidebar-navigation";

/** The frame around every workbench page: skip link, sidebar (project + sections), main area. */
export function WorkbenchShell({ children }: { children: ReactNode }) {
  return (
    <CurrentProjectProvider>
      <a
        href="#main-content"
        data-testid="skip-to-content"
        className="sr-only rounded-md bg-blue-600 text-sm font-medium text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col md:flex-row">
        <aside className="shrink-0 border-b border-slate-200 bg-white md:w-60 md:border-r md:border-b-0">
          {/* Sticky inner column: the white sidebar spans the whole page, its content stays in view. */}
          <div className="p-4 md:sticky md:top-0 md:max-h-screen md:overflow-y-auto">
            <p className="mb-5 text-base font-semibold tracking-tight text-slate-900">
              Graph Workbench
            </p>
            <div className="space-y-6">
              <ProjectSwitcher />
              <SidebarNavigation />
            </div>
          </div>
        </aside>
        {/* tabIndex lets the skip link move keyboard focus here, not just scroll. */}
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 p-6 md:p-8">
          {children}
        </main>
      </div>
    </CurrentProjectProvider>
  );
}
