"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { navigationItems } from "./navigation-items";

/** Primary navigation; the current section is marked for sight and for screen readers. */
export function SidebarNavigation() {
  const pathname = usePathname();
  return (
    <nav aria-label="Workbench sections" data-testid="sidebar-navigation">
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {navigationItems.map((item) => {
          const isActive = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={isActive ? "page" : undefined}
                title={item.description}
                data-testid={`nav-link-${item.label.toLowerCase()}`}
                className={`block rounded-md px-3 py-2 text-sm font-medium transition-colors ${
                  isActive
                    ? "bg-blue-50 text-blue-800 ring-1 ring-blue-200"
                    : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
