//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: divergent — the guard x > 0 depends on each work-item's loaded value, so the barrier inside the branch can be reached by only part of the group
// cl-std: CL2.0
__kernel void k(__global const float *in, __global float *out)
{
  __local float buf[64];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  float x = in[gid];
  if (x > 0.0f) {
    buf[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    x = buf[63 - lid];
  }
  out[gid] = x;
}
