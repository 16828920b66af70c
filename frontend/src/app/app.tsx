/**
 * Placeholder shell until the public site and the admin dashboard are built: it already tells the two
 * views apart by path, as the finished app will (SPEC section 2: /admin opens the admin view).
 */
export function App() {
  const isAdmin = window.location.pathname.startsWith('/admin');
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}
    >
      <h1>Voice Summary</h1>
      {isAdmin ? (
        <p>Admin dashboard: coming soon.</p>
      ) : (
        <p>Forward a voice message to our number and get a text back with a summary and the transcript.</p>
      )}
    </main>
  );
}
