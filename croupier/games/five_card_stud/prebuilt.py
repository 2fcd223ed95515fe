"""The rank tables of :data:`croupier.rank.STUD40` (Art 5) and its showing patterns (Art 10
b-d), shipped prebuilt (issue 22).

Building them costs ~40 ms at every start of a stud command (every formation key by the
reference ranking of the articles, then the perfect-hash tables), about 0.7% of a simulation of
10,000 hands, and they never change. :data:`_DATA` holds them (zlib, base64): the keys, weakest
first, and the hash tables' arrays (:class:`~croupier.rank.model.HashTables`). They are written
by ``python -m croupier.games.five_card_stud.prebuilt`` and loaded by :func:`load`; a test
rebuilds them from the code and checks the shipped data is exactly what the code makes
(``tests/games/five_card_stud/test_prebuilt.py``), so the data is a cache, never a second source
of truth. :func:`prime_ranking` hands them to :data:`~croupier.rank.STUD40`
(:meth:`~croupier.rank.model.RankRules.prime`), which then skips building them.

The same for the showing patterns of 1 to 4 up cards (:class:`~croupier.rank.showing.MaskPatterns`,
both readings of the flush draws): worked out from the reference as they first come, they cost
~70 ms over a simulation's first hands; :data:`_SHOWING` holds every one (:func:`build_showing`,
:func:`load_showing`; the test compares them too), :func:`prime_showing` fills the tables.
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

__all__ = [
    "build",
    "build_showing",
    "dump",
    "dump_showing",
    "load",
    "load_showing",
    "prime_ranking",
    "prime_showing",
]

_LOCK: Final = threading.Lock()

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


#: the shipped showing patterns: :func:`dump_showing` of :func:`build_showing`
_SHOWING: Final = (
    "eNrtXFmOJDlypTNI3z8isy9QpRNU36DPPaeTvcUYRUCAMMBoNCN5wUmkveLmXMxtC/6tlVLeRf+W1/IqP/x3fYH6JerF"
    "//pLxEqiLC7YllbeJmp7xVN+LG7v9Wr11cov0a8qslR30VjX1Ku5cnVTQRMoL4+BpU24p9I8JPxfvsjSl17eJmp/xVN+"
    "vMeQen318uudQyJZvrJ0i6e8Tb56jKFjUF9+2ZehUr7HsHtt0Z/pGHaP144uyx85VBbwzC61c3imXt3j++G3DppA+TkK"
    "aEimo4DHVP5jVGks4tV66f1N+P3Ln0mq6F+eNxTNtVzWZY05FFHXVzwx6CXnba2vNbpYPG8ky5KlWzyxD7zSa4xx5U5Y"
    "ct4ERdEl522tLfozHfO2xrytWG93oQK5uera44l1zS5iolau7KcLQrGYo0hDiuUk0JalrZy570+fPfrE4iw522vtMSrT"
    "Mbcxqo5R/fwgLRBMt8epKt7WS101jaJea85j1WIFTSAKZgFPnego4LkrdVRpLOKjgiqeilHFc1G+Pohe3ccJjXRW8nF6"
    "ebFFeLHLkqT7S9I1m/YMauZhW7Zliz9F1O0VT7zrO/fMVl9b7Jm39wzJsmTpFk+8uI/iFu+9cc+8c0EFRdF37pmttujP"
    "dKzfFntmw55xFyqQp79uPZ6gsouYp4175tMFoZi5UaQhxZ4R0AAwi23z6bYDK2Yr2DZb7TEw07FJYmAdA/v5QWLb4GV+"
    "eaiqkqynbms8MVNfHkfsk40b52sMlVD8PYo0pJjBLw91xVC1d77GUFdgJXla1OhIMSmjFl5G2+dL56SCxub5GoNfY/BY"
    "9u/cgltdsfLfueHihVe88PJBYgvihd8fpAeCnfSHNxYbMWtc6qbNJOq15W76oR0cNIGyjALeQKKjgHdQqaNKYxGzW1Tx"
    "hhhVvCPK1wfRBjBLRiOdlcyS0YiX6mdW8VqV5YNoacy2iWjazbbR7MpmzLZfPkkifJLKkqRfI0kP6E+TbugvnU80lEx9"
    "2Zcdx49E3V/xYD4Xn8+9vnZ0ueh8kgzCpVs8YL/ic3vM7q6v++IdKQicb/H53GvbwacW7749zufOb7i6UIH8ytS9x4PT"
    "6i5iNXZ9rUcXhHBKskhDwnYWUwfADHtzdNuBFX++cD732ndsg8UbOgbWd35mBxLnc+dXVENVlfzE1X2NBwP3OGLNd30g"
    "x1AJoUIWaUj4KnqoOJ+7zucyhroCK/ntjBodCR+6rIWX0fn8QI1Z8ReW448juvM7tPiI7nXF4ouO4xfvvO789AwkjujO"
    "L8tA4oju/ExoFtRIfoXrvsUDhu/BxpncxfLHLBACl88iDQl83oPfMAs6p+8xCxuwkp/3qNGRwLqzFmZBR/UDNWbFQgBn"
    "YYtZIFvNhlYkMNashQnXcf1AjVmxqNAWFsE0fI+J2WJiyKwWc4G9bphe0XGeY3o3Tu8HCS7A6f0gwQU4vT8HsgZCNqAJ"
    "V7MWJ5a6+wCTeu3jBFcykaAJxJbNAnloSUcBn9qgs0pjEYsoqJKHMKv4FMaZG4gOncUYNNJZyWIMGsnjkVV8PuI0DETH"
    "waIOEW11izpodmUzFnXQbO63rOINF9trINpfFoeIaO9YHCKiTWBxCB1tbNji0CvZJAmzyZhTkzlfJvPNTeaITWa7jbwY"
    "7aawtBzLgb9I1OMVD1bybV581NcBXvwWLyYZY3DpFg+WVcLDEat6iBe/fe4EYZ3f5sVHbQcm7u0zdgQvPsiL1YUKpPRW"
    "jx4PtoG7iF1wiBePLghhX2SRhgReTKABYAZePLrtwIrFQvDio/YDvPjtMxsD6wd58UCCFx/kxRqqqqToWI81Hmw2jyP2"
    "2iFePIZKCLsvizQkcFkPFbz4MC8eQ12BlZRJo0ZHAlfKWngZ8+IBNWbFkivHH7z4IC9+mxcfdcXiiw52Eu+8HuTFAwle"
    "fJAXDyR48UFerFlQIynd1mOLB8vnwcbROMSLxywQwrRlkYaE9/PgwYsP8+IxCxuwkmJz1OhIoLMWZsG8eECNWbFwzVkI"
    "XnyQF2dDKxJ4cdbChJsXD6gxKymCg+rMikVwzk2wY7b94212fNQNMyw6GGvM8MYZ/iDBjjnDHyTYMWf450CCHXPlfmnO"
    "1WyK6fXY48Gm/NIbBf89xJC/cs4J4eRmkYaEsyvpGgAznNWvnPMdWEn5P2p0JCxl1sKcmy0PqDEr1hI453vMOcWWbGhF"
    "wmHJWphzs+YBNWYldQlQnVmxLsE532POKQxk2xsStmDWwtYxfx5QY1ZS4wDVmRVrHG1hEfLnr1yHPdaBvPPbX4Kj7mSf"
    "3+bpsb471/eDxJeA6/tB4kvA9V0GEl8Cru97IFsgZNl/iIOzI2slSz3MtUm9jsG2f/BDEjSBGEUWSE5NOgqYVcdiZ5XG"
    "ItZ0UCU5b1Yx641FHYg4rbUhNNJZydoQGkmemFXMFGOVByIeaI2JiPibNSY0u7IZa0xoNplMVjGXiQUeiJiKtSoiYhjW"
    "qojo5FurQkcbG7ZWhY7yZP10FR+tmNmB6CRZ8yKiU2LNi4i2uzUvItqk1rzQ9c6urHm98rNMwp/l6NRkLpXJnHSTOVkm"
    "85X+FJnd/EVRAN2kXracy6mPHYZ0vuLRUksUOOvrZI8LRQGS/D+WbvFQ3qbAeMb+Om10XcSCBFFGXCQKnLWdlKEWsZsz"
    "RIFTplV2oQKpKNazx8PPiLqI/XjaiJpdECLXc5GGREZACRoAMx7Y7LYDK9ZAIQqctZ/cW4vYVwysn7J+JhKiwCnjJoeq"
    "Kqml1nONh/qkxhG7/rTdModKiHqcizQkKlwaKkSB06LAGOoKrKT6GzU6EhUU18LLWBQYUGNWrCRz/CEKnDIPLhIFzrqe"
    "lL4XsdV45/WURTCREAVOGfwSCVHglPWOs6BGUpGu5xYPJTkNNg7paUtczgIhSlAu0pAo6mjwEAVOiwJjFjZgJTX0qNGR"
    "KBq4FmbBosCAGrNiPZ6zEKLAKWuXG1qR+L1zLUy4RYEBNWYltX1QnVmxts+5CVHglBlpkShw1u0ke130MYkZ3k5ZjhIJ"
    "UeCUYSiREAVOWXkSCVHglIGGc65m0yJQzz0eHhm9UfCr09aVnHNC3Kou0pC4p/Q6EAVOiwJLzvkOrKSpIWp0JK6Ba2HO"
    "LQoMqDErNkhwzkMUOGXBcEMrEht2Lcy5RYEBNWYlzRagOrNiswXnPESBU3YBt70h0TLgWtg6FgUG1JiVNG6A6sxKGjdA"
    "rcyKjRtcipAGTmnFi6SBs+7koKTjKx5LvJ9ShBMJaeCUnptISAOnlNZEQho4pW8mEtLAKcWQi66O0gBSzyMeKnF67fj8"
    "n1bjctEJUXNzkYZE3U0veGDRLRK8c9EPYCUtK1GjI1Edcy0suqWCATVmxfYXLvoRiy5VyQ2tSFSWXAuLbslgQI1ZSSsN"
    "qM6s2ErDRT9i0aWAuO0NiSqIa2HRLR4MqDEracsB1ZmVtOWAWpkV23K46EcsumRvd7cjUfp2LRwVCwkDasxKWnxAdWYl"
    "LT6gVmbFFp+2sAjX/Tt3whE7QYLgIgnlrAf3HOmQI2LPHdpzAwkJRXtuICGhaM8NJCQU7bmBhISiPfczkT0QiSjchera"
    "VqGlnik+gHqdH/mhQsAJmgC4lgsMkQF0FLDMwPKq0ljEliZUGSKAq1gGwBc/EX3ybY1CI52VbI1CI+Pj7Cr+OoNFJaKP"
    "sS1WRPShtcUKza5sxhYrNDu+dq7izx0+bono62arFhF9uWzVIqJPkK1a6Ghjw7ZqoaPB4l3FPB4cPRGxdFu+iIhd2/JF"
    "RHzXli8i4pa2fKHrnV3Z8oWuB6NxFXMa8JVExFhsHSMipmHrGBGdflvHiOjM2jpGRMfK1jEM5mDnto69hrAKwsIqv4gk"
    "x74ROXaAyLFyIsf8ihzvLHL02iAvo9e0nS3XcvEPbvrrFQ/3+1vy8lVfF+XlN+VlkhihSrd4uPn5Dlfs/cvy8lssWxB3"
    "8Vvy8lXbxVl9iz1fIS9fkpfZhQqkMa9ePR4eFnURZ+WyvJxdEOLpcZGGRHkZQAPAjPJydtuBFVsJIS9ftV+Ul99i9zGw"
    "fkleTiTk5UvyMoeqKmlJrNcaD4+kxhEn8rK8nEMlxDPqIg2JH3YNFfLylfJyDnUFVtJEGTU6Er8MroWXSXk5ocas2JDJ"
    "8Ye8fElefktevup68ay/9RmKd14vycuJhLx8SV5OJOTlS/IyZ0GNpLGzXls8JDTYYCCX5eWcBUJkKS7SkCgva/CQl6+U"
    "l3MWNmAlrahRoyNRXnYtzELKywk1ZsW2Vs5CyMuX5GU3tCJRXnYtTHjKywk1ZiUtsqA6s2KLLOcm5OVL8vJb8vJVt4vy"
    "8ltf3pjh7ZK8nEjIy5fk5URCXr4kLycS8vIleZlzrmbTaluvPR6W1RsFL70sL+ecEyJ3dZGGRHlZrwN5+Up5Oed8B1bS"
    "HBw1OhLlZdfCnKe8nFBjVmw05pyHvHxJXnZDKxLlZdfCnKe8nFBjVtK0DKozKzYtc85DXr4kL7vtDYnynmth66S8nFBj"
    "VtIADaozK2mABrUyKzZAcylCXr4kL78lL191JwclHdJNLPF+SV5OJOTlS/JyIiEvX5KXEwl5+ZK8nEjIy5fkZS66Okoj"
    "db2OeMgn9drxFbssL+eiEyJ/cpGGREaiF4S8fKW8nIt+ACtp/Y4aHYkHz7Ww6CkvJ9SYFdvIueghL1+Sl93QisTd5FpY"
    "9JSXE2rMSlrSQXVmxZZ0LnrIy5fkZbe9IXHQroVFT3k5ocaspL0dVGdW0t4OamVWbG/nooe8fElednc7EuVl18JRSXk5"
    "ocaspFUeVGdW0ioPamVW0ioPamNWbJXnZgiRWSOgqShE5qse3HakQ7CNbXdo2w0kRGZtu4GEyKxtN5AQmbXtBhIis7bd"
    "z0RCZNaW/8WNqK7Tcl+vMx4yxS/OTcjIl4XmL29EQpQbXKQhUXKglRoAM0oKX96IJ7CSLoGo0ZG4v1wLGzFF54Qas2LH"
    "ATfiGRtRhi03tCLxU+1a2IgpPifUmJV0L4DqzIrdC9yIZ2xEmYvc9obEr51rYSOmDJ1QY1bSCQGqMyvphAC1Mit2QnAj"
    "nrERZSlxdzsSeb9rYSOmJJ1QY1bSVQGqMyvpqgC1MivpqgC1MSt2VXAjnrERpbZ7BAcSGZFrgYGkQJ1QY1bSoQGqMyvp"
    "0AC1Mivp0AC1MSt2aLSFRSRSf3l7nrE9JdB+S8C/6imZ9ltieByNU0djICHg62gMJAR8HY2BhICvozGQEPB1NJZEQsDX"
    "0XgncgQiWfsPit4cjJ0eS71S3Ab1uj7yNlS9FjQBjNQFhogNOgpYxsY5cZXGInakoMoQmV3FMjP2UCISke1sQSOdlexs"
    "QSNDmHUVS7M4IIlIeLVDhogEUztk0OzKZuyQQbNDOnQVi4c4G4lIGrTThogkPTttiEhks9MGHW1s2E4bdDREIlexTIRT"
    "kYhEIDt2iEi8sWOHiOQUO3aISLqwYwdd7+zKjh10PT7MruIvM45DIvoQ2/lDRB9ZO3+I6Gtp5w8RfePs/CGiz5CdPxjM"
    "wc7t/MFgBnP+qSrmzthhiYgZ20FERIzWDiIi4ph2EBERn7ODiIhYkR1ERMQa7CDC8E4Oxw6i19A9QVj3xMBEjm0tcmxQ"
    "kWNjiRzLL3IsicgxKX+SHIP4C9owBpHuo+VeboeUxIDvVzwOmqQ2fNfXrTjCBdowSXmdULrF42it6OaOk3pnyP7C76Ag"
    "RxxRG75rux2Bw2/eHdrw7cB8dKEC6c+qd4/HQQjoIk72nSH47oKQfeYs0pDEdZfgn6UBsa9XfcZX9HYU/UJV+K79tluS"
    "H9AYVb8dOG8kVOHbcfEYp6qkJ63eazz2kGAQwTzuDHn3OAnZoM8iDUk2bpgNATCzIVpDXYGVdNFFjY4kI6lq4WVSFU6o"
    "MbN1UeMPVfh2ZPlCVfiu622zFz/s8c7r7WByI6EK344VNxKq8O3Ab8yCGklnX723eKz3YrDB6+4M4vYsELKaxiINSZoL"
    "Bw9V+E5VOGdhA1bSixg1OpJEX9XCLKQqnFBjZoFRsxCq8O1AaTW0Ikl0US1MeKrCCTVmJT2SoDozf3E1N6EK345AXqgK"
    "33W7zfgpy8QMb7eDjo2EKnw7pthIqMK3A4SNhCp8O7YXc65m02tZ7z0eTzDeKNj+nYG5nnNCplmkIckdydeBKnynKpxz"
    "vgMr6Q6NGh1J7jvVwpynKpxQY1bsNOWchyp8O/hVDa1I8kmpFuY8VeGEGrOSrlVQnVmxa5VzHqrw7ZBStb0hyfWhWtg6"
    "qQon1JiVdMCC6sxKOmBBrcyKHbBcilCFbwdULlSF77rfMnQvFBZjiffbMZRGQhW+HSJpJFTh2/GORkIVvh2qaCRU4dsx"
    "hVh0dZRO2nof8chkyNeOD+6dEYBedEIy1alIQ5JNjS8IVfhOVTgX/QBW0vsbNTqSbFCqhUVPVTihxqzYR8xFD1X4dpSd"
    "GlqRZFhRLSx6qsIJNWYlPcmgOrNiTzIXPVTh27FrantDkv6uWlj0VIUTasxK+ptBdWYl/c2gVmbF/mYueqjCt8O21N2O"
    "JC1NtXBUUhVOqDEr6ZUG1ZmV9EqDWpmV9EqD2pgVe6W5GUIVvh1GtFAVvutxS/5dqBHEtjtuRw4ZCVX4dmCQkVCFb0f5"
    "GAlV+HaAjpFQhW9H0hgJVfh2gAs2orpOz3W9z3j0tebchLB1Z/yJNyIhfShVpCHpi8ZXhip8pyq8eCOewEq6xKNGR9IX"
    "QLWwEVMVTqgxK3accyOGKnw7xkMNrUjaqKqFjZiqcEKNWUn3OqjOrNi9zo0YqvDtyAm1vSHp9KgWNmKqwgk1ZiWd8KA6"
    "s5JOeFArs2InPDdiqMK3gwbU3Y6kOVItbMRUhRNqzEq66kF1ZiVd9aBWZiVd9aA2ZsWuem7EUIVve7A1ggNJPmzVAgNJ"
    "VTihxqykQx9UZ1bSoQ9qZVbSoQ9qY1bSoQ9qZ1bs0OcODW34tkNzoTZ811MyLejQUON0nLd9mEZCG77tojQS2vBtf6OR"
    "0IZvuwqNhDZ826dnJLTh2642I6EN3/Z34bxoMOn0r/cVj7xPnMBQf+/0P/m8EJLLSUUakpxOnIQL5yVV4rfPywWsZDRB"
    "1OhI8iOpFs5LasUJNWbFMQc8L1ecF/t41NCKJC+PauG8pGacUGNWMjIBVGdWHJnA83LFebHnRG1vSPKdqBbOS6rHCTVm"
    "JeMXQHVmJeMXQK3MiuMXeF6uOC92Gqi7HUluA9XCeUklOaHGrGSUA6jOrGSUA6iVWckoB1Abs+IoB56XK86LLdgawYEk"
    "G7Zq4bykrpxQY1YyFgJUZ1YyFgLUyqxkLASojVnJWAhQO7PiWAielyvOi62ZGtSJJHumaoH5ps6cUGNWMmICVGdWMmIC"
    "1MqsZMQEqI1ZyYgJUDuz4oiJtrCIDs23j9EVx8hWpIVq/V0vHWrQoVjHob58qBMJtd6HOpFQ632oEwm13oc6kVDrfagT"
    "CbXehzqRUOt9qH8aOQOxXo9jruE5qmKp99Cqg3rdv6nVtYR+G2OvHrsLfDTpoKOAVWn9RIZVGos4UgNVPpqxqlg1lola"
    "iDRhR3Ogkc5KjuZAIx+1VVWst+rjLkRqqiM+iEgFdcQHml3ZjCM+0OxHD1QVK4JU+4xI73NUCBHpdI4KISLlzFEh6Ghj"
    "w44KQUcf5UdVrP1Q+TAiZceRI0SkyDhyhIg0EkeOEJEe4cgRdL2zK0eOoOuPCK4qlsEpcRuRyO3oEiISpx1dQkRysaNL"
    "iEiadXQJEQmcji7BYA527ugSDOYjhqmK5TBKXUYkdjkChYhEKkegEJFs5AgUIpJoHIFCREKHI1CISAhwBAqGd3I4jkDB"
    "8D5fPVXxZ48fOSP6yjlKhYi+YI5SIaJPkaNUiOgD4igVIuLxjlIhIp7rKBUiYniOUsGALw7QUSqvj00sCNvEFGoK8nMO"
    "SX5OFMnPSSD52a8kP3uI5GcVSX5mjeRnTK2sGhNDzt5bXj4g/9m7//bDcnkyAI0fcMu1QGj+dXY05F9nS/uIIp9fwEoO"
    "BDR+aSrBjND8M1JB/hmpPoiAxo8z9YUiNP/yUpB/ealPBqH5Z5WCpp9VxtD9s0qFJ0SRzw/G5D0HNH6YJac3oflXV4L8"
    "qyt5YAGN3zLJcUpo/qGSIP9QSf5OQvOvkARNv0IS5F8hydUGaPySRx4yQvPPdAT5ZzpybBGaf4MjaPoNjiD/Bkf+KELz"
    "D2wETT+wETT9wCYm3j+wkTEsinzC82WrATTC4GViITTHuAtyjLv0fUAjclxqOqE5LFyQw8KlXROaY74FTTHfghzzLcUO"
    "0Iiblj5GaA6KFuSgaKlRhOaIZ0FTxLMgRzxL+yE0hzMLmsKZBU3hzIIcziwxG9AIAJZ0TGiO7hXk6F4JtYTm0F1BU+iu"
    "IIfuShYlNMflCpricgVNcbmCHJcrEZLQHHQraAq6FTQF3Qqagm5jVzroVkFwUeQTBKdgM0Aj2EyRZITmSDJBjiRTfBag"
    "EZ+l4CtCc/CVIAdfKbKK0BxZJWiKrBLkyCpFJwEa0UkKPSI0hx4JcuiR4ooIzXFFgqa4IkGOK1LQEKE5aEjQFDQkaAoa"
    "EuSgIYXZABphNoqhITTH0AhyDI0CZAjNATKCpgAZQQ6QUfQLoTn6RdAU/SJoin4R5OgXhbYQmkNbBE2hLYKm0BZBU2iL"
    "IIe2KPQD0Aj9UFwHoTmuQ5DjOhS0QWgO2hA0BW0IctCGIjIIzREZgqaIDEFTRIYgR2Qo3ILQHG4haAq3EDSFWwiawi0E"
    "OdxCsRSE5lgKQVMshaAplkLQFEshaIqleO8ZSyHfYDAN+wblg4sqHx+cHGyEZgebIDvY5LYCNNxW8kkRmn1SguyTksOJ"
    "0OxwEjQ5nATZ4SSnDaDhtJFHhtDskRFkj4zcLYRmd4ugyd0iyO4W+VIIzb4UQZMvRdDkSxFkX4q8D4CG90GuBUKza0GQ"
    "XQvyGxCa/QaCJr+BIPsN5BQgNDsFBE1OAUGTU0CQnQKy+BOaLf6CJou/oMniL2iy+AuyxV8WcUDDIi5zN6HZ3C3I5m7Z"
    "sgnNtmxBky1bkG3ZMlQTmg3VgiZDtaDJUC3IhmpZoQnNVmhBkxVa0GSFFjRZoQXZCi0TM6HZxCxoMjELmkzMgiYTs6DJ"
    "xCzIJmYZXAENg6usqYRma6ogW1NlKiU0m0oFTaZSQTaVyg5KaLaDCprsoIImO6gg20Fl5CQ0GzkFTUZOQZORU9Bk5BRk"
    "I6csmIRmC6agyYIpaLJgCposmIImC6YgWzBlniQ0mycFTeZJQZN5UtBknhQ0mScFTebJ+GrIPPm3537L537L537L537L"
    "537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L"
    "537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L"
    "537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L537L/x/3W/YQFOp8x2VgHdjvl1wCa8B+"
    "u+WS2GuZr7nsle39Q666jMY4kL//rkvUxHD/m8suWey1zLddRlPs9N/zxstog3P2T7zyEl1isv/+Oy9Z87XMl172xvl/"
    "Lr78X7j4Mkjunn/Tmy8xfOzEf8jVl2zstcx3X+KaG3bw3H/53H/5r3T/ZexMntznAsz/6gJMzA4Yw//UDZhs/7XMV2Dq"
    "OzbdgtkLsd9vwgyMC7cSew+sUSqDt/Hrg70oqd3PZZjPZZjPZZj/hy7D3CV2PZdh/mtchrlLjPwnXoa5S9acLsMEVGnO"
    "/E8hd2DX"
)

#: a showing pattern: ``((category, key), the distinct ranks in order of significance)``
Entry = tuple[tuple[int, tuple[int, ...]], tuple[int, ...]]
#: the readings shipped: STUD40's, without and with gapped flush draws (Art 10 d)
_READINGS: Final = (False, True)


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


def build_showing() -> dict[bool, dict[int, Entry]]:
    """Every showing pattern of 1 to 4 up cards of the 40-card deck under STUD40, by reading
    (gapped flush draws or not) and by key (the cards' rank counts, four suited flagged: the
    tables' keys), worked out from the code on tables of their own (not the shared ones a
    prime filled)."""
    import itertools

    from croupier.cards import Deck
    from croupier.rank.model import STUD40
    from croupier.rank.showing import MaskPatterns

    cards = [c.code for c in Deck.STUD_40.cards]
    out: dict[bool, dict[int, Entry]] = {}
    for gapped in _READINGS:
        table = object.__new__(MaskPatterns)  # empty tables: every entry from the reference
        table.rules, table.gapped, table._found, table._other = STUD40, gapped, {}, {}
        for n in range(1, 5):
            for codes in itertools.combinations(cards, n):
                mask = 0
                for code in codes:
                    mask |= 1 << code
                table.entry(mask, n)
        out[gapped] = dict(sorted(table._found.items()))
    return out


def dump_showing(entries: dict[bool, dict[int, Entry]]) -> str:
    """The text of :data:`_SHOWING`: for each reading, its count, then each entry as its key
    (8 bytes, little-endian), its category, its key's and its order's lengths and values."""
    raw = bytearray()
    for gapped in _READINGS:
        found = entries[gapped]
        raw += len(found).to_bytes(4, "little")
        for key, ((category, ranks), order) in found.items():
            raw += key.to_bytes(8, "little")
            raw += bytes([category, len(ranks), *ranks, len(order), *order])
    return base64.b64encode(zlib.compress(bytes(raw), 9)).decode("ascii")


def load_showing(data: str = _SHOWING) -> dict[bool, dict[int, Entry]]:
    """The shipped showing patterns (the same values as :func:`build_showing`)."""
    raw = zlib.decompress(base64.b64decode(data))
    at = 0
    out: dict[bool, dict[int, Entry]] = {}
    for gapped in _READINGS:
        count = int.from_bytes(raw[at : at + 4], "little")
        at += 4
        found: dict[int, Entry] = {}
        for _ in range(count):
            key = int.from_bytes(raw[at : at + 8], "little")
            category, size = raw[at + 8], raw[at + 9]
            at += 10
            ranks = tuple(raw[at : at + size])
            at += size
            size = raw[at]
            order = tuple(raw[at + 1 : at + 1 + size])
            at += 1 + size
            found[key] = ((category, ranks), order)
        out[gapped] = found
    return out


_SHOWN: list[bool] = []


def prime_showing() -> None:
    """Fill STUD40's showing pattern tables (both readings) with the shipped patterns (once;
    an entry already worked out is kept)."""
    if _SHOWN:
        return
    with _LOCK:
        if not _SHOWN:
            from croupier.rank.model import STUD40
            from croupier.rank.showing import MaskPatterns

            for gapped, entries in load_showing().items():
                table = MaskPatterns(STUD40, gapped_flush_draws=gapped)._found
                for key, entry in entries.items():
                    table.setdefault(key, entry)
            _SHOWN.append(True)


def prime_ranking() -> None:
    """Give :data:`~croupier.rank.STUD40` the shipped keys and hash tables (loaded once; a
    table already built is kept: :meth:`~croupier.rank.model.RankRules.prime`)."""
    from croupier.rank.model import STUD40

    STUD40.prime(load)


def main() -> None:  # pragma: no cover - the generator, run by hand
    from pathlib import Path

    path = Path(__file__)
    for name, text in (("_DATA", dump(*build())), ("_SHOWING", dump_showing(build_showing()))):
        lines = "\n".join(f'    "{text[i : i + 92]}"' for i in range(0, len(text), 92))
        source = path.read_text()
        head, rest = source.split(f"{name}: Final = (\n", 1)
        _, tail = rest.split("\n)\n", 1)
        path.write_text(f"{head}{name}: Final = (\n{lines}\n)\n{tail}")
        print(f"wrote {name} in {path} ({len(text):,} characters)")


if __name__ == "__main__":  # pragma: no cover
    main()
