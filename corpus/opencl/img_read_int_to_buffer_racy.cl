//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
// expect: racy — out[y] is written by every work-item of row y with the value read from its own pixel
__kernel void k(read_only image2d_t labels, __global int *out, int w)
{
  __requires(w == 128);
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  int4 v = read_imagei(labels, smp, (int2)(x, y));
  out[y] = v.x + v.y;
}
