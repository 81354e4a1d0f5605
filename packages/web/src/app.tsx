import { Lobby } from './lobby';
import { ReplayPage } from './replay';
import { useRoute } from './router';
import { TablePage } from './table-page';

export function App() {
  const route = useRoute();
  return (
    <>
      <header class="top">
        <a href="#/" class="brand">
          Tabula
        </a>
      </header>
      <main>
        {route.page === 'table' || route.page === 'watch' ? (
          <TablePage key={`${route.page}/${route.id}`} id={route.id} watch={route.page === 'watch'} />
        ) : route.page === 'replay' ? (
          <ReplayPage key={route.id} id={route.id} />
        ) : (
          <Lobby />
        )}
      </main>
    </>
  );
}
