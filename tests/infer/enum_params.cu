// An enum parameter ranges over its enumerators (issue 14): a range when
// they are contiguous, a list otherwise; negative ones are left out.
enum Mode { ADD, SUB, MUL };
enum Sparse { LOW = 1, MID = 4, HIGH = 9 };
enum class Sign : int { NEG = -1, ZERO = 0, POS = 1 };
enum Empty : unsigned {};
struct Args {
    Mode m;
    int *p;
};

__global__ void enums(int *A, Mode m, Sparse s, Sign g, Empty e, Args a)
{
    if (m == 3)
        A[0] = threadIdx.x;
    if (s == 2)
        A[1] = threadIdx.x;
    if (a.m == 5)
        a.p[0] = threadIdx.x;
    A[blockIdx.x * blockDim.x + threadIdx.x] = (int)g + (int)e;
}
