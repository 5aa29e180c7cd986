# Check that Node.js 20 or newer is installed
node --version

# Create a project from the React + TypeScript template
npm create vite@latest my-react-app -- --template react-ts

# Install its packages and start the development server
cd my-react-app
npm install
npm run dev
