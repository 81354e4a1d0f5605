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
        {route.page === 'table' ? (
          <TablePage key={route.id} id={route.id} />
        ) : route.page === 'replay' ? (
          <ReplayPage key={route.id} id={route.id} />
        ) : (
          <Lobby />
        )}
      </main>
    </>
  );
}
