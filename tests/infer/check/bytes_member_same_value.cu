// expect: drf — every thread of a block writes the same values to the members of its block's cell: benign same-value writes, an integer member and a float one set to zero.
struct Status { int done; float score; };
__global__ void member_same_value(Status *s)
{
    s[blockIdx.x].done = 1;
    s[blockIdx.x].score = 0.0f;
}
