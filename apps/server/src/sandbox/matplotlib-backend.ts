/**
 * NeuroOS's matplotlib backend, written into every sandbox (read-only, on PYTHONPATH): it draws
 * with Agg (there is no display), and plt.show() saves each open figure into the working directory
 * (figure-1.png, ...), so charts appear under the run that made them without any setup.
 */
export const MATPLOTLIB_BACKEND_SOURCE = `from matplotlib.backend_bases import FigureManagerBase
from matplotlib.backends.backend_agg import FigureCanvasAgg

FigureCanvas = FigureCanvasAgg
FigureManager = FigureManagerBase

_saved = 0


def show(*args, **kwargs):
    global _saved
    from matplotlib._pylab_helpers import Gcf

    for manager in Gcf.get_all_fig_managers():
        _saved += 1
        name = f"figure-{_saved}.png"
        manager.canvas.figure.savefig(name)
        print(f"[chart saved: {name}]")
    Gcf.destroy_all()`;
