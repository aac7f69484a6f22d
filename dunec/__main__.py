import sys

from dunec.cli import main

sys.exit(main())
