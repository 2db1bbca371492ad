"""The module xlwings loads (``UDF Modules = addin.excel.udfs``).

Every Excel function of the add-in is re-exported here; each lives in the
``addin.udf`` module of its pairing system, as a thin wrapper over the pure
core. Add a new system's functions with one import line below.
"""

from addin.excel.functions_roundrobin import (  # noqa: F401
    BERGER_BOARD,
    BERGER_COLOR,
    BERGER_OPPONENT,
    BERGER_ROUND,
    BERGER_TABLE,
    BERGER_WHITE,
    RUTSCH_BERGER_SEATS,
    RUTSCH_BOARD,
    RUTSCH_COLOR,
    RUTSCH_OPPONENT,
    RUTSCH_TABLE,
)
from addin.excel.functions_molter import (  # noqa: F401
    MOLTER_BOARD,
    MOLTER_COLOR,
    MOLTER_OPPONENT,
    MOLTER_PAIR,
    MOLTER_TABLE,
)
from addin.excel.functions_combinee import (  # noqa: F401
    COMBINEE_GROUPS,
    COMBINEE_PAIRING,
    COMBINEE_PHASE1,
    COMBINEE_SNAKE,
)
from addin.excel.functions_directed import (  # noqa: F401
    DIRECTED_CHECK,
    DIRECTED_GROUPS,
    DIRECTED_LARGEST,
    LEAGUE_COMPLEMENT,
    LEAGUE_HOME,
    LEAGUE_HOST,
    VARMA_GROUPS,
    VARMA_WARNING,
)
from addin.excel.functions_team import (  # noqa: F401
    LEAGUE_BOARD_COLOR,
    SCHEVENINGEN_PAIR,
    SCHEVENINGEN_TABLE,
)
