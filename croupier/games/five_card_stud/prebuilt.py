"""The rank tables of :data:`croupier.rank.STUD40` (Art 5), shipped prebuilt (issue 22).

Building them costs ~40 ms at every start of a stud command (every formation key by the
reference ranking of the articles, then the perfect-hash tables), about 0.7% of a simulation of
10,000 hands, and they never change. :data:`_DATA` holds them (zlib, base64): the keys, weakest
first, and the hash tables' arrays (:class:`~croupier.rank.model.HashTables`). They are written
by ``python -m croupier.games.five_card_stud.prebuilt`` and loaded by :func:`load`; a test
rebuilds them from the code and checks the shipped data is exactly what the code makes
(``tests/games/five_card_stud/test_prebuilt.py``), so the data is a cache, never a second source
of truth. :func:`prime_ranking` hands them to :data:`~croupier.rank.STUD40`
(:meth:`~croupier.rank.model.RankRules.prime`), which then skips building them.
"""

from __future__ import annotations

import array
import base64
import sys
import threading
import zlib
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from croupier.rank.model import HashTables, Key, RankRules

__all__ = ["build", "dump", "load", "prime_ranking"]

_LOCK: Final = threading.Lock()
_PRIMED: list[bool] = []

#: the shipped tables: :func:`dump` of :func:`build` (zlib, then base64)
_DATA: Final = (
    "eNrt3XfU1kTb9/uZJDPpiA2wK2JDBURFRBREpNmwARYQEayo2BBREXvHjtixISAgKKKiYsPeFRGwoWBDRLAgNny/5y/i"
    "/bxlvXvtf/Z61l6X1/0Zc00mk8xxJHNeiVnn/ZI3hv+ZHWDqG7P5t9bMTIy54edq2aSxd5FJk6qMq9JHJlN9llRlXJW+"
    "Kp3JUtWncVX6qqzVJ6pJfFWqJtZy7EyuPvOkKuOq9FXJWvWZq89cfeZpVZ+oJvFVqZpYy3G17E2eadssrkpflazNtG2m"
    "bbOkqom1HFfLtW1TtUl9VdbqU7VJ42pZbRLVJKpJvCk0liKpyrgqfVU6U2gshcZSaCxFWtUnqkl8Vaom1nJcLdOzxlJo"
    "LIXGUmgshcZSaCyFxlJoLIXGUmTVtqnapL4qa/Wp2qRxtaw2iWoS1SRVTWyKXPvN46r0VUmbXPvNtd88qWpiLcfVMj3k"
    "2m+u/ebab6795tpvnlZtEtUkqkmqmtp+M22b+aqsrc20bRZXy7WWmbbNtG2WVDXaNlV9qvpU9WlsSuWlVF5K5aVUXkrl"
    "pVReSuWlTKv6RDWJr0rVxFqOq2VvSuWlVF5K5aVUXkrlpVReSuWlVF5K5aXMqm1TtUl9VdbqU7VJ42pZbRLVJKpJqhrG"
    "oryUykupvJTKS6m8lMpLqbyUykupvJTKS6m8lMpLqbyUykupvJTKS6m8lMpLqbyUebXfTNtmviprazNtm8XVcq1lpm0z"
    "bZslVY22TVWfqj5VfVrVJ6YsNKIirkpflbQsNKJCIyqSqibWclwt00+hERUaUaERFRpRoREVadUmUU2imqSqYe+FRlRo"
    "RIVGVGhEhUZUaESFRlRoRIVGVGTVtqnqU9Wnqk+r+tqIcvWc+6qstcnVcx5Xy7X2uXrO1XOeVDW1HnL1nKvnXD3naVWv"
    "njOtzbQ209pMa7PERrWw2SipyrgqPWWqmjSuStUkWk6q5ZgyU5ssrspafaY2WVItq02qmlQ1aVWTUObaNo+rsrY217Z5"
    "Ui3XWubaNte2eVrVaNtM9ZnqM9VnVX1KWajnIq7KWptCPRdJtVxrX6jnQj0XaVVT66FQz4V6LtRzkVX16jnX2lxrc63N"
    "tTav1maUpfZexlVZa1lq72VSLde2KrX3Unsv06qm1k+pvZfae6m9l1lVX+u/1N5L7b3U3kvtvcyrtdp7oTaF2hRqU6hN"
    "oTZF1SY31tUuGuuSqoyrkq1cqpo0rkrVJFpOqmX6dJnaZHFV1uoztVHeXVa1SVWTqiatajgSl2vbPK7K2tpc2yrvTnl3"
    "ubZV3p3y7vJq20z1meoz1WdVPaNzhXou4qqstSnUs/LulHdXqGfl3SnvTnl3hXpW3p3y7pR3V1Q951qba22utbnW5tVa"
    "oupK7b2Mq7LWstTelXenvLtSe1fenfLulHdXau/Ku1PenfLulHdXau/Ku1PenfLulHdXVnsv1KZQm0JtCrUp1Kao2pB3"
    "X5syrU+qMq5KzhmfqkZ592lVk2g5qZbp02dqo7x7XfVeefe66n1WtUlVk6omrWo4Ep9rW+Xd66r3yrvXVe+Vd6+8e131"
    "Xnn3ebVtpvpM9Znqs6qe0flCPSvvXle9V969rnqvvHvl3euq98q7V9698u511Xvl3Svvvqh6zrU219pca3Otzau1RNWX"
    "2rvy7nXVe+Xd66r3yrtX3r2ueq+8e+XdK+9eV71X3r3y7pV3r7x7XfVeeffKu1fefVntvVCbQm0KtSnUplCbompD3vXH"
    "po2TqvRVyVax8h7rqo/TqibRclItc0bFynusqz7WnB8r77HyHmdVm1Q1qWrSqoYjiZX3WFd9rDk/Vt5j5T3WVR8r77Hy"
    "Huuqj/Nq20z1meoz1WdVPaOLlfdYV32sOT9W3mPlPdZVHyvvsfIe66qPlfdYeY+V91hXfay8x0XVc661udbmWptrbV6t"
    "Jaqx8h7rqo8158fKe6y8x7rqY+U9Vt5jXfWx8h4r77HyHuuqj5X3WHmPlfdYeY911cfKe6y8x2W190JtCrUp1KZQm0Jt"
    "iqoNedefsVZ/xlr9GWv1Z6xNlPdEeU/SqibWclwt02eivCfKe6K8J7r2E137SVa1SVWTqiatajgPE+U9Ud4T5T3RtZ/o"
    "2k808yfKe6K8J8p7klfbZqrPVJ+pPqvqGV2ivCfKe6K8J7r2E137iWb+RHlPlPdEeU901SfKe6K8J8p7oqs+Kaqec63N"
    "tTbX2lxr82otUU2U90R5T5T3RNd+oms/0cyfKO+J8p4o74mu+kR5T5T3RHlPdNUnynuivCfKe6K8J7rqE+U9Kau9F2pT"
    "qE2hNoXaFGpTVG3Iu25TrG5TrG5TrG5TrG5TrG5TrG5TrG5TrG5TrG5TbKq8p8p7qrynynuqvKdZ1SZRTaKapKrhSFLl"
    "PVXeU+U9Vd5T5T1V3lPNAKlmgFQzQJpX22aqz1SfqT6r6jm3U+U9Vd5T5T1V3lPlPVXeU80AqWaAVDNAqvk/Vd5T5T1V"
    "3lPlPS2qnnOtzbU219pca/NqLVFNlfdUeU+V91R5T5X3VHlPNQOkmgFSzQCp5v9UeU+V91R5T5X3VFd9qrynynuqvKfK"
    "e6qrPi2rvRdqU6hNoTaF2hRqU1RtyLtuMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1uMa1u"
    "Ma1uMa1uMa1uMa1uMW2mvGfKe6a8Z8p7prxnynumvGfKe6a8Z3m1bar6VPWp6tOqntFlynumvGfKe6a8Z8p7prxnynum"
    "vGfKe6a8Z5oHMs0DmeaBTPNAVlQ951qba22utbnW5tVarqlMec+U90x5z5T3THnPlPdMec+U90x5z5T3TPNApnkg0zyQ"
    "aR7I9CmQKe+Z8p4p75nyninvWVntvVCbQm0KtSnUplCbompD3nWLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WL"
    "b3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WLb3WL"
    "b3WLb3PlPVfec+U9V95z5T1X3nPlPVfec+U9V95z5T1X3nPlPVfe86LqOdPaTGszrc20NqvWEtVcec+V91x5z5X3XHnP"
    "lfdcec+V91x5z5X3XHnPlfdcec+V91x5zzUb5JoNcs0GuWaDXLNBXlZ7L9SmUJtCbQq1KdSmqNpw1etBiNWDEKsHIVYP"
    "QqwehFg9CLF6EGL1IMTqQYjVgxCrByFWD0KsHoRYPQixehBi9SDE6kGI1YMQqwchVg9CrB6EWD0IsXoQYvUgxOpBiNWD"
    "EKsHIVYPQqwehFg9CLF6EGL1IMTqQYjVgxCrByFWD0KsHoRYPQixehBi9SDE6kGI1YMQqwchVg9CrB6EWD0IsXoQYvUg"
    "xOpBiNWDEKsHIVYPQqwehFg9CKmV1VqiWijvhfJeKO+F8l4o74XyXijvhfJeKO+F8l4o74XyXijvhfJeKO+F8l4o74Xy"
    "XijvhfJelNXec7XJ1SZXm1xtcrXJqzbkvVTey7gqfVWyVam8l8p7mVQ1sZbjapk+S+W9VN5L5b1U3kvlvUyrNolqEtUk"
    "VQ1HUirvpfJeKu+l8l4q76XyXirvpfJeKu9lVm2bqj5Vfar6tKpndKXyXirvpfJeKu+l8l4q76XyXirvpfJeKu+l8l4q"
    "76XyXirvZV71nGltprWZ1mZam1VriWqp2abUbFNqtik125SabUrNNqVmm1KzTanZptRsU2q2KTXblJptSs02pWabUrNN"
    "qdmm1GxTarYpNduURbX3XG1ytcnVJlebXG3yqk1mAhd5UytjlYnKVGWmMldZqCwpfeRUxioTlanKTGWuslCp9oShVqq9"
    "U3un9k7tndo7tXe19rH6j3VUsfqP1X+s/mP1H6v/WP3H6j92aq/+Y/Ufq/9Y/cfqP67692rvtRev9l7tvdp7tfdq72vt"
    "Ex1PouNJNOpEx5PoeBIdT6LjSXQ8iY4n0fEkGnWi40l0PImOJ9HxJDqeRMeT6HgSr/Y6nkTHk+h4Eh1PUh1PrPax2sfa"
    "S6z2sdrHah+rfVxrn+r4Ux1/quNPFdVUx5/q+FMdf6rjT3X8qY4/1fGnimqq4091/KmOP9Xxpzr+VMef6vhTRTXV8ac6"
    "/lTHn+r4Ux1/quNPdfxprPY6/lTHn+r40+r4E7VP1D5R+0R7SdQ+UftE7ZNa+0zjzTTeTOPNNN5MWcs03kzjzTTeTOPN"
    "NN5M48003kxZyzTeTOPNNN5M48003kzjzTTeTFnLNN5M48003kzjzTTeTOPNNN5MWcs03kzjzTTeTOPNNN5M48003ixR"
    "e40303izaryp2qdqn6p9qvap9pKqfar2aa19rvjkik+u+OSKT6745DorcsUnV3xyxSdXfHLFJ1d8csUn11mRKz654pMr"
    "Prnikys+ueKTKz65zopc8ckVn1zxyRWfXPHJFZ9c8cl1VuSKT6745IpPrvjkik+u+OSKT66zIld8csUnV3xyxSdXfHLF"
    "J1d88lTtFZ+8ik+m9pnaZ2qfqX2m9pn2kql9VmtfKJ6F4lkonoXiWSieheJZ6KwrFM9C8SwUz0LxLBTPQvEsFM9CZ12h"
    "eBaKZ6F4FopnoXgWimeheBY66wrFs1A8C8WzUDwLxbNQPAvFs9BZVyieheJZKJ6F4lkonoXiWSiehc66QvEsFM9C8SwU"
    "z0LxLBTPQvEsdNYVimeheBaKZ6F4FopnoXgWimeRqX0Vz1ztc7XP1T5X+1ztc7XPtZe81r5U/EvFv1T8S8W/VPxLxb9U"
    "/Eud1aXiXyr+peJfKv6l4l8q/qXiX+qsLhX/UvEvFf9S8S8V/1LxLxX/Umd1qfiXin+p+JeKf6n4l4p/qfiXOqtLxb9U"
    "/EvFv1T8S8W/VPxLxb/UWV0q/qXiXyr+peJfKv6l4l8q/qXO6lLxLxX/UvEvFf9S8S8V/1LxL3VWl4p/qfiXin+p+JeK"
    "f6n4l4p/mat9ofaF2hdqX6h9ofaF2hdqz22lCaPaax+hU+lVxioTlanKTGWuslBZ1srIqgxUhirVW6TeIvUWqTend0ic"
    "3iFxeofE6R0Sp3dInN4hcXqHxGVVfe0hptM7JE7vkDi9Q6KyVp+oJvFVqZpYy7FzeofE6R0Sp3dInN4hUemc3iFxeofE"
    "6R0SlbX6RDWJr0rVxFqOq2Xv9A6J0zskTu+QqHRO75A4vUOiUjWxluNqubZtqjapr8pafao2aVwtq02imkQ1dKR3SJze"
    "IXF6h8TpHRKVzukdEqd3SJzeIVFZq09Uk/iqVE2s5bha9k7vkDi9Q+L0DolK5/QOidM7JCpVE2s5rpZr26Zqk/qqrNWn"
    "apPG1bLaJKpJVJNUNbHTOyRO75A4vUOi0jm9Q+L0DolK1cRajqtl7/QOidM7JCpr9dpvrv0qkXqHRKVqkqqmtt9M22a+"
    "KmtrM22bxdVyrWWmbTNtmyVVjbZNVZ+qPlU9u9Q7JE7vkDi9Q6LSOb1D4vQOidM7JCpr9YlqEl+Vqom1HFfL3ukdEqd3"
    "SJzeIVHpnN4hcXqHRKVqYi3H1XJt21RtUl+VtfpUbdK4WlabRDWJapKqJnZ6h8TpHRKnd0hUOqd3SJzeIVGpmljLcbXs"
    "nd4hcXqHRGWtXvtVXvQOidM7JCpVk1Q1tf1m2jbzVVlbm2nbLK6Way0zbZtp2yyparRtqvpU9anq06o+cXqHxOkdEqd3"
    "SFQ6p3dInN4hUamaWMtxteyd3iFxeodEZa1eIyo0Il1meodEpWqSqiZ2eofE6R0SlbW1GlGhEeky0zskKlWTVDXaNlV9"
    "qvpU9WlVXxtRrp5zX5W1Nrl6zuNqudY+V8+5es6TqqbWQ66ec/Wcq+c8rerVc6a1mdZmWptprR4p84/XrO41q3vN6l6f"
    "EV6fEV6fEV6fEV6fEV6fEbG2jbVtrG1jbRtr21jbxto21raxto21baLPl0SfL4k+XxL1lqi3RL2pA/P3/8t/2Jqt2tc2"
    "rfVe3/K75Xd2GKC+43fH77UPUdRvwO8N+L0Bv6N+H37vw+99+B31W9vEtLbtYQLUn8/H5/ywPUyA+oP5Y2Bw2h4mQP0V"
    "aydmxdrtYQLUX9QiMYtatIcJUN/8H/6pvY/5f/vn/8v1teX/m//ux183/rrx143/v+/4/5/6//+7uvO/bvx1468bf934"
    "68Zf9/lf9/lfd/7Xjb9u/HXjrxt/3fjrPv/rPv/rzv+68deNv278deOvG3/d53/d53/d+V83/rrx142/bvx146/7/K/7"
    "/K87/+vO/zp16tSpU6dO3d9/dX//1Y2/bvx146+7/6mb/+vO/7rx142/bvx1468bf93nf93nf935/99r/LUvPqh9MUHt"
    "Sw9qX3lQ+8KD2tcd1L46ofbNBbVvPah9aULtKxNqX5hQ+7qE1Yz+75vM6lgLa6MBGqIR1sG6WA/rYwNsiI2xCRpjM2yO"
    "ptgG26IZmmM7tMT2aIWdsAs6YA90RGd0wd7ohUPQG31wBPriSPTDUeiPATgax+I4HI8TcRJOxek4A4NxJs7CUJyNYTgP"
    "F+IKXImrcA2uxY0YjbtxP6bhKTyNGXgGz+F5vICX8DJex3t4H7PwIebgY3yDb/E9VtZiSrLWw/rYCBujCVpgO+yI1tgZ"
    "bbAL2mJX7IZ2aI8O2AMd0Qmd0QV7Y1/sh+7YHwfiIByMXjgEvdEfA3A0jsPxOAlDcBaG4myci/MwAtdiJG7GKNyC23A7"
    "7sBo3I37MQETMQlT8DCm4Xm8gJcxBz/jFyzHb/gdK5FxUudYDRvjAByInjgWg3AKTsVpOAODcSaG4mych0twKS7DlbgK"
    "1+J23IG7MRkP4y28jXfwPmZhDhbiS3yL37ENF9u22A4dcAXGYhzGYyIm4WHMwDN4AbMwH5/jCyzAQnyJr/A1vsEifIfF"
    "+AFL8TOW41eswG/4A3/ir38ufovad6TVvoWl9m0qte8Dq33HV4l6WB1roAHWR2Nsii3QGruhHdpjd+yBjtgTXdAV++Ag"
    "HIweOASHog/643icgJMxHLfjDtyJu3EPxuBhPILH8Arm43N8ieX4HX/g70hfsmIaYR2si/WwATbERmiMTbEFmqE5WmB7"
    "7IDW2A0dsSe6ohcOxWCciSE4G+dgOK7C1bgO92AWPsBcLEJLJtnu2B8H4GD0wKE4GsfgBJyDSXgIj2Amat+ydhkux9W4"
    "E8/iOTyPF/AiXsLLeA2v423MxoeYg4/wMebjKyzG91im7yIlPtgIG2NTNMGW2AE7Ymd0wzk4F+fjejyLeViB3/A7/sJK"
    "fdsn5xJWw5pogh7oicMwEINxJobgLAzF2TgH52IYhuN8XICLcQmuwFW4GiNwDa7D9bgBI3EzbsM9uBf34QGMxQRMxeN4"
    "Ak/jLczCB5iNDzEX8/ARPsVnWIBF+A6L8QOW4ud/PkAtat8w2AAtsB1aYnvsgB2xE1qjLTqhC7piH/TBCFyL63ATxmAS"
    "HsJkTMEjmIpH8TiewNOYiRfxEl7Fa3gL8/ARPsMSLEXt2/pK1MPqWAMN0BibYgu0xrE4HifgZAzHaNyNe3A/xmA8puEx"
    "PIlX8Aa+wtf4Bt9hMZbiT/yFlfgbtqi+DXANrIWO2BNdcSgOxz2Yg7n4BEuwIX+sbIRNsQNaoQd6ohcOwWE4HL3RF0di"
    "AAbiRJyEU3AqBuMcXIALcSlGYSoexTQ8gemYgdfwOt7GfNSvxxiwJhpiS/TAIIzANbgWN+BGjMJ9uB/jMB2L8T2WIeAP"
    "sW4YjvNxMUbiJbyM1/ExPkUT/mB7HCvRij/cdkJr7IK2aI+9sQ/2Rz/ciJtwC8bjR5y0BrnGabgIb2AxvscS/IBl+BE/"
    "YTl+xR8I1iSPiBAjQYFGWAcboBm6YS/sjf3QHQehL47EAAzGGIzFOEzEDHj+IG2CzbA5tkJTNEMb7IJ26I4LcCEuxSjM"
    "RwP+mG2I9bANDkdvHIlTcTqmYwV+w+/4A3/iL6zE3//8QVz7Aq8QEWIkKFAPqzXQl32Z1bEm1sLaaIR1sAGaYDNsjq3Q"
    "FM3QBrugHfZFd/RAT/TCITgMh6M3+uJIDMBAnIiTcApOxWBcgAtxKW7EKEzFo5iGJzAdM/AaXscbeBNv4W28i/cwG/Px"
    "BRbga6zAGtwgrImG2BJNsTWaowW2Q0tsjx3RCjuhDXZBO7RHJ3RGF+yFvdEdh6M3jsQgnIrLMALX4FrcgBsxCvfhfozD"
    "dCzG91iGgBuZCA4p1kU39MOxOA7H40SchFMxDOfhQtyIl/AyXsfHWI4m3By1xWjcjfsxDXMwF/PwET7Bp/gMX2ABvsYS"
    "/ICl+Ak/YwVWIuKmyyHFumiFndAau6At2mNv7IP90Q834ibcgvGYgImYgucxBz8i44auPlbHGlgbDbAuNscW2BptcRJO"
    "xmm4CG9gIbpwQ9gV+6AP+uEo9McxOBYDMQRn4VyMwBg8i+fwImZjQ24sh+NW3Ia7MBmP4wlMx9OYgefxFt7G+1iIFWjA"
    "jWlDrIdtcDquwntYimX4BX4jrjWchJMxCKfgNJyOMzAEZ+FcXISLcQkuxxUYgVtxG+7CZLyBN/EW3sV7mI0vsABfYwW2"
    "5Oa5KbZGc7RHB+yBzuiFyzAaY/AAxuJBTMBkPIWn8RzeQ8TNuEOKddEPQzEKt+AOTMKn+AwL8DOWoy038e+gwabEBfuh"
    "Ow7EQeiF/hiA4zAUEzARU/A8sib8TYFLcCmuxO1YiCGbkTfMwVx8giVotTnn4BbMg2iO7dERV+HoLdkWX+IrfItFWILf"
    "8Qf+Rv2tiB32QGf0wmg8jvWbMvdiE7TEUNTbmjFhKZbhR/yEX7Acv+J3/IG/4bdhvkeCHAXqY31sgE3QEvtiP3THgTgI"
    "vdAfA3AchmICJmIKnsdMvIhXMQ/ZtsQRW2IrNMW2aIaW2A3tsAcOwiW4FFfidizEn+jbjLkTAzAYMzCqOXnGu3gPH2A2"
    "5uErfI3v8CeatSAn2B4dcRXuwyJ8h8X4HkvwA5ZiGX7Ez/gFy/EbfsfKFtXDIIsAIRw8YiRIkSFHidXQAA3RCOthfWyI"
    "jbENtsV26IAu6Ipu2Av7YF/shwNwIHqiD45AXxyF/jgax+J0nIGzcAXG4AGMxYOYgMl4Ck/jObyHqCXjQYp10Ribogk2"
    "wxbYElthG2yL7dAaO6MNdsVuaI8O2Bf74UAcisNwBPqhPwZhOM7HBbgYl+AKjMTNuA0T8Dg+xWdYgJ/Rdnv6xWE4HEeg"
    "L/pjEE7BGbgE12MypuBRPI4n8DRewluotwP5wvW4ATdjLF7D63gDb+JtvIN3MQsfYC7m43N8gS/xFb7BIizFcvyKP1Ds"
    "SDyxFZpiWzRDS+yGdtgDB+FoHINjcQIGYhDOwbk4H5fgUlyJ63E7ZuJFvIrXMA8LEbTi/EWEGAkKNMI62ACN0Qxt0BdH"
    "YgAG407chXsxFTPwZ63tTny2ox2641qMwmyc2prPczyICXgIkzEVz+I5vIjZSHbmPESJDdEJnbEXDsfRuA9fYAG+xgq0"
    "b8Ox4kj0w1EYgKNxDI7HCTgZg3EmhuBsnINhGI6rcDWuwz2YgWfwLF7ATLyCWfgAc7EI6+7C9Y0NsAlaYihG4Rbcijtw"
    "J+7BJDyERzAT72A5fsUfKNqSf1yBK3ENRuMdvIsP8BW+wea7ki88j2Q3YoHd0QF7ohO6oQd64jAMxJ24C/diKj7GJ/gc"
    "P+JPtGlHnHAWzsUIzMZa7YkpJuOb3fmMwyJ8jyX4ESvxN8IOtMfG2ASboRU6oTP2wuEYhvvwVK3tHrTFZmiFXhiG2fgQ"
    "c/ARPsZ8LMb3WIagI/fZ2BE7oxt64XrU25O5GWuiCQbiFbyKN/EpTCdiik74AguwEF/ia3yDb7EY32MZVuA3/I6/sLJT"
    "9R8HAtTDalgTTdAeu6MD9kQndEMP9MRhGIg7cRfuxVRMw2N4Em/gT6zVhXMP62F9bISN0QQtsB12RCccgCE4C+diBGZj"
    "SW1dV+Zq9MSxGIvJuKIb5xVewEy8jFfwBuZgLj7BEmy8FznDZmiFPjgCR+F0DMNIPIXf8Qf+Rv29yQ9GouU+3BdgH+yP"
    "fhiPi/blusG9eACPw+zHfIl56NWd+00cit7og344CSfjNFyEaXgMT+INrLU/n2m4FtfhJozBElxwAGNF64M4j7Ar9sVI"
    "zMKgg4lND86/nlwz+BLL0agXx4VGh/DZgrfxPhZim0P5u+Ew5hPMO5xzGB/jM8zHQizFMvwC35v9Y2fsin0xEpOwRh/O"
    "KTTElhiEbkdwv9GX8eEZvINGR3JuYRY+wGx8iLmYh4/wKT7DAizCd1iMH7AUP+Lnf/5DloVDA7TE9tgBO6E12qILumIf"
    "9MG1uA43YQyWoDiKeR71sDrWQAM0xqbYAq3REcfjBJyM4XilVt+f6wddcShuxT04ZwDXCx7FNDyB6ZiB1/A63sZ8rHE0"
    "MURDbInu2B8H42gMwiQsxvdYhuAY4ozL0ORY7luPY1y4BePxI1ocz/mFbicwv2Fv7IfuOAh9cSQGYDDGYhwmYgb8QM4/"
    "XIhLMQrzcfqJjAVNT+YeDM3RHpfhJfQbxN90p3K+4UN8g+w0jgfZ6Zx3eA4vYjY2PIO5Cw8P5njPZA7EW3gX72E2vsAC"
    "fI0VaDqEfaM52uMyjEZ0FucFUqyLfmg7lM/8sxkXpuB5ZOdwfmAhWg3jM/c85sLz+ZsHndELozH0As6Fi8nZZVzvVzD/"
    "XM1x41XMQ+MRzIG47zpidj3nO57FC5iJVzALH2AuFmH9G/iMxiZoiaFYjl/xB4obyQ+a3cT8O5L5F/diKv5Em5uJCYbd"
    "yjl/O3MrdkY3XI+BdzCnjGaOu5dz4X7Ov7HMN3gSb2CtcZz7GDmBueBhzq0Z5P4Fco+JmAE/k1zjspfJz5vEYi7XyS/E"
    "H82XE3N0xJ64ZgV5xjdYjO8x5TfijJfwMrLfucawGjbCxmiCzVYacyKG4QJciM5/E38cjt4YjftwPx7FNEzHD7b6fw6I"
    "4NAFe2Mf9EYf9EPj0JrNsQV2Qmu0xXkYjotwEx7IrPkBJqdPOLyKefgUn6FxQV/YAjuhNdrilHrWXIBLcClew1t4G59h"
    "PhbivtWsGYtxeALTMQO2vjUBPBoiXsuaRlgfG6Av+mMAzsBgDEWbta3ZDe2wH7rjINyMUbgdE/FFQ2u+wtf4FSvwJ9o1"
    "sqY9OuJgrLOONetiQzTHmbhlM2s+x49Yjl/x5ObWvIF38C7W2oLjxTrYCk3RDEdtZc3pGIKz8BSexXN4F+9hNkY2teZW"
    "3IYHMQGT8RN+xgqkW1vzWzNrsubW1MNqOAA90BPH4FgMxDYtrGmB7bA7OqATLscVGIG7MKulNXMwF99iEZZgu+2taYlW"
    "6Ix8B2sK1McmOA5n72LNVbgW12EW5mAuvsUiLMGkttY8jEfwAmbiFeS70ifqYxP0aGfNoTgMJ2AgBuERTMXjeBVXt+f4"
    "cT3uxXdY3NGapVgGuyfnEjy6ohv2xRHYtJM1TbAldsb5eL0LucQ7+BxbdbUm7GbNND/BT/SP+Wl+jNstesA9xu+don2j"
    "iX6SH+sm+cf5qa1rp3Vj3HLTzT7gOkd32v2isW6se5z2PaI+tO8Z/WiPiI6Ojokm+Yf8OFdTK5/QT62P9v/08avZiz66"
    "RHfZ7v/0McatMHtT95uZ4vaxo+3ddqzrFf1k+0Y/21/ssVGtp3HuCfZ1UjSYfZ0cdQrOjIZF57GvQVHnYEjUJegaDI8u"
    "iS6NLose8pP9eFezqhzvavvf/Z/9/272ZV9do3vs/tFkv+oI/jD7Ufun4fqy99r7OIJDouX2yOhXu8IeF0330zWeWjmd"
    "8Yxxf5n9ab/SBOYAe78dQ/u/TWgOtJF52D1gf7O/2z/sOHdK1C04K9or2Ds4P9on2DfYL7g8qo5ovJvgR0QjGc010a3B"
    "zdGd0V2M5trotmBUdHtwRzA6GhM9EI1lzw/566I7g1uiu4LRwd3R3cE9wb3BuGhS9FA0OZrCCKb4B13NqrL279p4O/wz"
    "XmMP4ki7RWPtAf/G29qDqQusMz3sODueo6+2PDT60/aL/rIr7fHRg25V3Me40PakfWS96WUftBNo72xsDrGJSc1EO8X/"
    "zelog3Hu1Kh7MDTaPzgguCA6MDgoODi4InrSVz+rxj3GeXsovcU2M4fZSfYhektsbg63hSnNZPukD4IwiIJarFNbz/S2"
    "q5n6Zopd3axhHnEu6BH0DHoFhwTj3fXRfcGt0f3BmOCe6IFgbDAuGB+NDx4MJgQTg4ejB/8Z0wQ/LZpBnB+LlgTPRC9F"
    "LxPnx6MfgmejpcGy4BXavRW9Hb3DefNE9GPwXPRT8HPwavRLsDz4NXg3mh19GM2J5jKKyX56tCJ4Pvot+D14Lfoj+DP4"
    "K3gvWhn8HZjQhrWI7/FPxDPbh/HtFT1sD/w34rk9grrCrmn62kfsVMZ8WOSDo6I4SIITonnRf2Jd2iNpWc+uZfrZR+00"
    "Wq5m1zZH2QamoXnMpkEW5ET60+iz6LTo0ODsaH50WHB4cGH0edQ76BMcEVwZfRH9J9b1bX96W902MgPs4/YJelvDrmOO"
    "tuua9cx0WwRlUE+RXtOub46xG5gNzZN2I7Ox2cSsFkzxfYMjg37BUcHDfoKrWVVOoO+H/Q3RpOC26KFgcnBvNCV4OKjV"
    "P0L5YDTBTQ0eDaYFj7HlI1G1xQT3b0Y4rrXssRzX2raxOc4+ZZ/muBrYTc3xtonZzMywD7r6werBGoyzod3cnGC3MFua"
    "Z+xWpqnZ2qxJn/2DAcHRwTFB7axqZLcxA+22ppl51jY3Lcx2Zq2gpdne7GCmumODp3z183jwRDA9eLL2Ox50T0ZB+EIU"
    "hlH4euRCH8bh+1ESpmEW5uFHURGWYb1wtbB+OMF/FS3h7Pk66hD+EC2PfuXs+SbaI1wadQz3DFdEK6O/I8M8923UKVwW"
    "dQ67hL9FXcNu4V6hdQsi72KXuJR5aFG0d/hjtE+4b/h7tF/YPdw/DNwB4YHhQeHBYeZWRaieW83Vd6uztIbmrI7/nFHr"
    "2BOJ1t7Rc/agf8+ode1J1K1ndzQn2+ftC0Tw8GjtoH/UIGgYDPznfJqgM2p9O4iWG9hW5hQ7075Iyw3tTuZU29rsbF6y"
    "jYJ1gnXJ9Th3enRccE50fHBCcFE0MDgx+C7qEf4UnRT0DHuFf0RXRYeEh4aHhaFbdXYdHvYO+4Rj3Eb2NPrf2LYxp9uX"
    "7Sv0f0S4id3FnGHbml3Nq3a9YP1gA51luWtsdzODbTvT3rxmdzcdzB5mw+DkYFBwSnBq0Dc8MuwXHhWOd/3DG6Ong9uj"
    "GcEzwX3Rs8FzwfPBhOiFYGbwYvAS+Zsarfnv2TTGbWrPZP9NbEczxL5u32D/m9k9zVm2k+ls3uRc2ijYONiEc2lz28UM"
    "tV1NN/OW3cvsbfYxjYPTgtODM4LBQQPX0DVy67jaGbWu28Lua862+5nu5m27vznAHGg2DQ4yB5sepqc5M1jPvRy8Erwa"
    "vBY84ie6mlVl7d+vB9VSbflBt2r5qWj1cGa0Rrhm+Ea0Vrh22CCcFU10DcNG4TrhuuHHEdeJXy9cP9wg3DDciJhuac9h"
    "TFvZXuZc+459lzE1tYeYYfZQc5h5zzYJNgs2Z0Rb28PNeba36WPet0eYvuZIs0WwMBoSnBUMDc7+9zjGYxtup4fbo0x/"
    "M8sOMEebY8yWwbHmOHO8OcGcQ8tVZ+AbwZvBW8HbXMXv1K5kt60daM63J5qTzAf2ZDPInGK2Ck41p5nTzRnmXMY/2Jxp"
    "hpizzKPuKf9u8LT/z8/G4SZh43DTsEm4Wbg4GhD+HB0dHhP+GR0bHhceH0buhHBgeGJ4Uli4p/3J4aDwlPDU8LRwgluL"
    "GXtDt7mb6DdyI8MtXDPXnL9ENnY3h1u6UeEtYQvXyu3kWnPNbeJuDbdyt4W3h9u5O8I7w7vCnd1urp1r73Z3p4dnhIPD"
    "M8PJfkjY2I0Om7q7w3vClu7e8L7w/rCNGxM+EI4Nx4Ud3FlhJ9fZdXFdXTc+OTd148Ot3YPhhHB7NzGcFD4U7uImh1PC"
    "h8NHwj3c+roq9/znqmxmLyBH+0Sz7cH/XpXN7YXUtbCT3UV2avho+KGdY6eFY13vqGkwINo62CZ4LDzxv8z229mLad/S"
    "DjWX2Ll2Hnne3p5tLrXnmHPN4+FHdtugWdCcTJ8RDQvOjc4LhgcXR+cHFwQXBlf/l1l+B3sZvexoh5nL7cf2E3ppZc8z"
    "V9jh5nyzl/vUtgi2C1r+cz7UrsOJbid7gbnSXmguMp/Zi80l5lKzPesvCi4OLgku5bP1pui94I7o/WBWcH/0QTA7+DCY"
    "yPm6r9vPdXdzgrnBvGB/91FwgHs0+s912NpexVHsbC8zV9v59nOOoo293IywV5grzYHuC67EHYIdg1aMZhd7lbnGXm1G"
    "mAX2GnOtuc7sFDRxT4TbuOnhk+EO7qnw6XBGeFlweXBF0NZdGTwTPhs+Fz7pn2duaGuvN9faG8yNZqG9yYw0N5uOrjXH"
    "PsrcYm41t5kXwpnhi+FL4VXBy+HHwSfBp8FnfGLMD/bmGJ+ONg9fjLYItwzfjLYKm4Zbhx9E24Tbhs3C5uEr4avha+Hr"
    "4SfRG2GLcLuwZbh9uANX4q72Oka1m73dXG+/tF8xqnb2DnODvdPcZd4Mv7Y7B22CXRhTezva3GjvNveYb+y95j5zv2kb"
    "fBldHYwIrgmuJaK72zHmJvuAGWu+tePMePOg2ZXrZYKZaCaZh8x1waor8PPgi2BBsJDfD3Jf6hrsYCebkXaKedgsso+Y"
    "qeZRs1swzTxmHjdPmB6up+vlDnHXB4e66eZJ85R52swwh3E1fhVM9ZNczaqy9u8dw1bhTmHrsPp9kts5nOoPd6t+a0P9"
    "99HQ8Jfo7PCc8K/o3HBYeF7o3PDw/PCC8ELalu6i8OLwkvDS8LJ/+5iAtcn/HvZmItXRPmNG2e/sYiK1p33W3GKfM88b"
    "+rXtgvbB7kSqk33B3GpnmhfNEvuSedm8YjoENwQ3BjcFI4PLwyvCK8OryPPVYWf7qrnNvmZeNz/YN8yb5i2zBzPO2+Yd"
    "8655z9wcjAi/Dr4Jvg0WMdLvggddF/u+ud3OMh+YpXa2+dDMMR2DuWae+ch8bFYd66hgA8pPzKfmMzPffE794n/nydrP"
    "LmHbcNdwt7Ado2sfdrVfmDvsArPQLLNfmq/M12bP4BvzrVlkvjO3sN1i871ZYn4wS80E932wzPxofjI/m1/MVD+NWW3G"
    "Pz+7h7XymvDa8Lrw+vCG8EZ+38y9FW7r3g7fCXd074bvhe+Hu7pZ4Qfh7PDDcE93UzgnnBvOCz8KPw73cZ+En4afhfPD"
    "z9lugu/jjmZuPMItCo9xJ7mTmRv7uu/CY93i8Pvwi3CQG+zOdEOYHY90S8Lj3A/h0vAUtyz8MfwpPMsNc+e54e58/h7p"
    "534Oj3e/hMvDU92v4Yrwt3Aoo/89/CP8M/wrvMBd4i51l7nL3cHuCmbFo9zK8AT3d2ii05yNgiiMznZR5CIfxdGCcGH4"
    "ZfhVeKH7OkyiNMqiPCqib8Ir3Qh3jbvWXeeud9+GN7j+rowGunrRatHprn60erRGdI5bM1orWjtqEF3kGkaNonWidaP1"
    "+CS8yq0fbRBtGG0UbRz1dptEq3J3o8qR7mY3yt3ibnW38dsA1zg60W0aNYnOcJtFm0dbROe6LaOtoqbR1tHF7na3TbRt"
    "1CxqHrWIrnbbRS2j7aMdoh3psVX0iL/J7RS1jnaO2kS7RG2jXaMZ/g53p7vLjXZ3u3vcve4+96h/SFaV//n3f136n5fv"
    "/19+r/1M9f9rTa3NM//bz3P+Mfe4e8JNd8/7J91T7mk3wz3jnnXPuefdC26me9G95F52r7gX/KvuNfe6e8O96d5yb7t3"
    "3LvuPfe+m+U+cLPdh26Om+vmuY/cx+4T96n7zM13n7sv3AK30H3pvnJfu2/ct26Rm+m/c4vd926J+8Etdcvcj+4n97P7"
    "xS13v7oV7jf3u/vD/en+civd38546wMfev6k9d7HPvGpz3zuC1/6en41X9+v7tfwa/q1/Nq+gW/oG/l1/Lp+Pb++38Bv"
    "6DfyG/tNfGO/qW/iN/Ob+y38ln4r39Rv7bfx2/pmvrl/0T/rW/jtfEu/vd/B7+hb+Z18a7+zb+N38W39rn43386397v7"
    "Dn4P39Hv6Tv5zr6L7+q7+b383n4fv6/fz3f3+/sD/IH+IH+w7+F7+l7+EH+oP8wf7nv7Pv4I39cf6fv5o3x/P8Af7Y/x"
    "x/rj/PH+BD/Qn+hP8if7Qf4Uf6o/zZ/uz/CD/Zl+iD/LD/Vn+3P8uX6YP88P9+f7C/yF/iJ/sb/EX+ov85f7K/yV/ip/"
    "tR/hr/HX+uv89f4Gf6O/yY/0N/tR/hZ/q7/N3+7v8Hf6u/xof7e/x9/r7/P3+zH+AT/Wj/Pj/YP+Jf8/AFa1/5M="
)


def build(rules: RankRules | None = None) -> tuple[tuple[Key, ...], HashTables]:
    """The keys and hash tables of ``rules`` (None: STUD40) built from the code (on a fresh
    copy of the rules, so a table primed or built already is not what is read)."""
    import dataclasses

    from croupier.rank.model import STUD40, HashTables

    fresh = dataclasses.replace(rules or STUD40, _cache={}, _lock=threading.RLock())
    return fresh.all_keys(), HashTables.build(fresh)


def _words(values: tuple[int, ...] | list[int], code: str) -> bytes:
    words = array.array(code, values)
    if sys.byteorder == "big":  # pragma: no cover - the data is little-endian
        words.byteswap()
    return words.tobytes()


def dump(keys: tuple[Key, ...], tables: HashTables) -> str:
    """The text of :data:`_DATA`: a header of counts, the keys' digits, the card values, the
    flush offsets and the table's non-zero slots with their strengths, as little-endian words."""
    slots = [i for i, v in enumerate(tables.table) if v]
    header = [
        len(keys),
        len(keys[0]),
        len(tables.card_value),
        len(tables.flush_offset),
        len(tables.table),
        len(slots),
        tables.flush_base,
        tables.size3_base,
    ]
    raw = b"".join(
        [
            _words(header, "I"),
            bytes([d for key in keys for d in key]),
            _words(tables.card_value, "I"),
            _words(tables.flush_offset, "I"),
            _words(slots, "I"),
            _words([tables.table[i] for i in slots], "H"),
        ]
    )
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def _read(raw: bytes, start: int, count: int, code: str) -> tuple[array.array[int], int]:
    words = array.array(code)
    end = start + count * words.itemsize
    words.frombytes(raw[start:end])
    if sys.byteorder == "big":  # pragma: no cover - the data is little-endian
        words.byteswap()
    return words, end


def load(data: str = _DATA) -> tuple[tuple[Key, ...], HashTables]:
    """The shipped keys and hash tables (the same values as :func:`build`)."""
    from croupier.rank.model import HashTables

    raw = zlib.decompress(base64.b64decode(data))
    header, at = _read(raw, 0, 8, "I")
    n_keys, width, n_cards, n_flush, size, n_slots, flush_base, size3_base = header
    digits = raw[at : at + n_keys * width]
    at += n_keys * width
    keys = tuple([tuple(digits[i : i + width]) for i in range(0, n_keys * width, width)])
    card_value, at = _read(raw, at, n_cards, "I")
    flush_offset, at = _read(raw, at, n_flush, "I")
    slots, at = _read(raw, at, n_slots, "I")
    strengths, at = _read(raw, at, n_slots, "H")
    table = [0] * size
    for slot, strength in zip(slots, strengths, strict=True):
        table[slot] = strength
    tables = HashTables(
        card_value=tuple(card_value),
        flush_offset=tuple(flush_offset),
        table=tuple(table),
        flush_base=flush_base,
        size3_base=size3_base,
    )
    return keys, tables


def prime_ranking() -> None:
    """Give :data:`~croupier.rank.STUD40` the shipped keys and hash tables (once; a table
    already built is kept)."""
    if _PRIMED:
        return
    with _LOCK:
        if not _PRIMED:
            from croupier.rank.model import STUD40

            keys, tables = load()
            STUD40.prime(keys, tables)
            _PRIMED.append(True)


def main() -> None:  # pragma: no cover - the generator, run by hand
    from pathlib import Path

    text = dump(*build())
    lines = "\n".join(f'    "{text[i : i + 92]}"' for i in range(0, len(text), 92))
    path = Path(__file__)
    source = path.read_text()
    head, rest = source.split("_DATA: Final = (\n", 1)
    _, tail = rest.split("\n)\n", 1)
    path.write_text(f"{head}_DATA: Final = (\n{lines}\n)\n{tail}")
    print(f"wrote {path} ({len(text):,} characters of data)")


if __name__ == "__main__":  # pragma: no cover
    main()
